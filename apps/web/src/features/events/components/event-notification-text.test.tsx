import type { Notification } from '@gardenswap/shared/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { eventStartText } from '../utils/event-time';
import { EVENT_NOTIFICATION_TYPES, EventNotificationText } from './event-notification-text';

const AT = '2026-06-14T16:00:00.000Z';
const base: Notification = {
  id: 1,
  type: 'event_changed',
  created_at: '2026-06-01T10:00:00Z',
  read_at: null,
  listing_id: null,
  want_id: null,
  from_user: { id: 7, username: 'rosa', profile_picture: null },
  listing: null,
  want: null,
  event: { id: 12, title: 'Spring seed swap' },
  note: AT,
};

const show = (n: Partial<Notification>) => {
  const notification = { ...base, ...n };
  const { container } = renderWithProviders(
    <p data-testid="text">
      {EVENT_NOTIFICATION_TYPES.has(notification.type) && (
        <EventNotificationText notification={notification} member="rosa" onOpen={() => {}} />
      )}
    </p>,
    { auth: { id: 1, username: 'gardener' } },
  );
  return within(container).getByTestId('text');
};

const spaced = (text: string) => text.replace(/\s+/g, ' ');

describe('event notifications', () => {
  it('tells of a change with the new start in the browser’s zone, linking to the event', () => {
    expect(show({})).toHaveTextContent(
      spaced(`rosa changed Spring seed swap. It now starts ${eventStartText(AT)}. Have a look before you go.`),
    );
    expect(screen.getByRole('link', { name: 'Spring seed swap' })).toHaveAttribute('href', '/events/12');
  });

  it('tells of a cancelled event and reminds of one tomorrow', () => {
    expect(show({ type: 'event_cancelled', note: null })).toHaveTextContent('rosa cancelled Spring seed swap.');
    expect(show({ type: 'event_reminder', id: 2 })).toHaveTextContent(
      spaced(`Tomorrow: Spring seed swap starts ${eventStartText(AT)}.`),
    );
    for (const link of screen.getAllByRole('link', { name: 'Spring seed swap' }))
      expect(link).toHaveAttribute('href', '/events/12');
  });

  it('gives a moderator’s reason for hiding a host’s event and for showing it again', () => {
    expect(show({ type: 'event_hidden', note: 'Selling, not swapping' })).toHaveTextContent(
      'A moderator hid your event Spring seed swap. Other members no longer see it. Reason: Selling, not swapping',
    );
    expect(show({ type: 'event_unhidden', note: 'Cleared up', id: 2 })).toHaveTextContent(
      'A moderator made your event Spring seed swap visible again. Reason: Cleared up',
    );
  });

  it('reads without a link when the event is no longer there', () => {
    expect(show({ type: 'event_cancelled', event: null })).toHaveTextContent('rosa cancelled an event.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
