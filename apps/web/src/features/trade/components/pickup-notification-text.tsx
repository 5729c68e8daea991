import { formatPickupTime } from '@gardenswap/shared/pickup';
import type { Notification } from '@gardenswap/shared/notifications';
import type { ReactNode } from 'react';

/** The notification types of pickup times. */
export const PICKUP_NOTIFICATION_TYPES = new Set<Notification['type']>([
  'pickup_offered',
  'pickup_asked',
  'pickup_agreed',
  'pickup_cancelled',
  'pickup_reminder',
  'pickup_handover_asked',
]);

/** The agreed time a notification carries (an ISO instant), in the browser's zone; nothing when it holds none. */
function timeOf(note: string | null): string | null {
  return note && !Number.isNaN(Date.parse(note)) ? formatPickupTime(note) : null;
}

/** What happened to a pickup; `title` links to the listing. */
export function PickupNotificationText(props: { notification: Notification; member: ReactNode; title: ReactNode }) {
  const { notification, member, title } = props;
  switch (notification.type) {
    case 'pickup_offered':
      return (
        <>
          {member} offered pickup times for {title}.
        </>
      );
    case 'pickup_asked':
      return (
        <>
          {member} asked for another pickup time for {title}.{notification.note ? ` “${notification.note}”` : ''}
        </>
      );
    case 'pickup_agreed': {
      const time = timeOf(notification.note);
      return (
        <>
          Pickup with {member} agreed{time ? ` for ${time}` : ''}: {title}
        </>
      );
    }
    case 'pickup_cancelled':
      return (
        <>
          {member} cancelled the pickup of {title}.
        </>
      );
    case 'pickup_reminder': {
      const time = timeOf(notification.note);
      return (
        <>
          Pickup with {member}
          {time ? ` at ${time}` : ' soon'}: {title}
        </>
      );
    }
    default:
      return (
        <>
          Was “{title}” handed over to {member}?
        </>
      );
  }
}
