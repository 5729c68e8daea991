import type { Notification } from '@gardenswap/shared/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { eventStartText } from '../utils/event-time';

/** The notification types of events. */
export const EVENT_NOTIFICATION_TYPES = new Set<Notification['type']>([
  'event_changed',
  'event_cancelled',
  'event_reminder',
  'event_hidden',
  'event_unhidden',
]);

/**
 * What happened to an event I am going to (or host), its title linking to its page; `member` is
 * its host. The start a notice carries reads in the browser's zone.
 */
export function EventNotificationText(props: { notification: Notification; member: ReactNode; onOpen: () => void }) {
  const { notification, member, onOpen } = props;
  const { event, note } = notification;
  const title = event ? (
    <Link to={`/events/${event.id}`} onClick={onOpen}>
      <strong>{event.title}</strong>
    </Link>
  ) : (
    'an event'
  );
  const start = eventStartText(note);
  switch (notification.type) {
    case 'event_changed':
      return (
        <>
          {member} changed {title}.{start ? ` It now starts ${start}.` : ''} Have a look before you go.
        </>
      );
    case 'event_cancelled':
      return (
        <>
          {member} cancelled {title}.
        </>
      );
    case 'event_reminder':
      return (
        <>
          Tomorrow: {title}
          {start ? ` starts ${start}.` : '.'}
        </>
      );
    case 'event_hidden':
      return (
        <>
          A moderator hid your event {title}. Other members no longer see it. Reason: {note}
        </>
      );
    default:
      return (
        <>
          A moderator made your event {title} visible again. Reason: {note}
        </>
      );
  }
}
