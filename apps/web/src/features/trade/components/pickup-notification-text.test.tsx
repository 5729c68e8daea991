import { formatPickupTime } from '@gardenswap/shared/pickup';
import type { Notification } from '@gardenswap/shared/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TRADE_NOTIFICATION_TYPES, TradeNotificationText } from './trade-notification-text';

const AT = '2026-12-12T17:30:00.000Z';
const base: Notification = {
  id: 1,
  type: 'pickup_offered',
  created_at: '2026-11-25T10:00:00Z',
  read_at: null,
  listing_id: 5,
  want_id: null,
  from_user: { id: 7, username: 'maria', profile_picture: null },
  listing: { id: 5, title: 'Zucchini', thumbnail: null },
  want: null,
  event: null,
  note: null,
};

const show = (n: Partial<Notification>) => {
  const notification = { ...base, ...n };
  const { container } = renderWithProviders(
    <p data-testid="text">
      {TRADE_NOTIFICATION_TYPES.has(notification.type) && (
        <TradeNotificationText notification={notification} member="maria" onOpen={() => {}} />
      )}
    </p>,
    { auth: { id: 1, username: 'gardener' } },
  );
  return within(container).getByTestId('text');
};

describe('pickup notifications in the bell', () => {
  it('tells of times offered, linking to the listing', () => {
    expect(show({})).toHaveTextContent('maria offered pickup times for Zucchini.');
    expect(screen.getByRole('link', { name: 'Zucchini' })).toHaveAttribute('href', '/listings/5');
  });

  it('gives the note of a member asking for another time', () => {
    expect(show({ type: 'pickup_asked', note: 'Evenings suit me' })).toHaveTextContent(
      'maria asked for another pickup time for Zucchini. “Evenings suit me”',
    );
  });

  it('shows an agreed time and a reminder in the browser’s own zone', () => {
    expect(show({ type: 'pickup_agreed', note: AT })).toHaveTextContent(
      `Pickup with maria agreed for ${formatPickupTime(AT)}: Zucchini`,
    );
    expect(show({ type: 'pickup_reminder', note: AT, id: 2 })).toHaveTextContent(
      `Pickup with maria at ${formatPickupTime(AT)}: Zucchini`,
    );
  });

  it('reads without the time when the notification carries none', () => {
    expect(show({ type: 'pickup_agreed', note: null })).toHaveTextContent('Pickup with maria agreed: Zucchini');
  });

  it('tells of a cancelled pickup and asks whether the listing was handed over, each linking to it', () => {
    expect(show({ type: 'pickup_cancelled' })).toHaveTextContent('maria cancelled the pickup of Zucchini.');
    expect(show({ type: 'pickup_handover_asked', id: 2 })).toHaveTextContent('Was “Zucchini” handed over to maria?');
    for (const link of screen.getAllByRole('link', { name: 'Zucchini' }))
      expect(link).toHaveAttribute('href', '/listings/5');
  });
});
