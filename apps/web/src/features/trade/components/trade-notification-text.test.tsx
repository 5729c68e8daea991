import type { Notification } from '@gardenswap/shared/notifications';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TradeNotificationText } from './trade-notification-text';

const base: Notification = {
  id: 1,
  type: 'listing_interest',
  created_at: '2026-11-25T10:00:00Z',
  read_at: null,
  listing_id: 5,
  want_id: null,
  from_user: { id: 7, username: 'rosa', profile_picture: null },
  listing: { id: 5, title: 'Zucchini', thumbnail: null },
  want: null,
  event: null,
  note: null,
};

const show = (n: Partial<Notification>) =>
  renderWithProviders(
    <p>
      <TradeNotificationText notification={{ ...base, ...n }} member="rosa" onOpen={() => {}} />
    </p>,
    { auth: { id: 1, username: 'gardener' } },
  );

describe('trade notifications in the bell', () => {
  it('links an interest to the listing and the chat', () => {
    show({});
    expect(screen.getByText(/would like/)).toHaveTextContent('rosa would like Zucchini.');
    expect(screen.getByRole('link', { name: 'Zucchini' })).toHaveAttribute('href', '/listings/5');
    expect(screen.getByRole('link', { name: 'Open the chat' })).toHaveAttribute('href', '/messages/7');
  });

  it('gives the pickup note of a reservation', () => {
    show({ type: 'listing_reserved', note: 'Sat 10am' });
    expect(screen.getByText(/reserved/)).toHaveTextContent('rosa reserved Zucchini for you. Pickup: Sat 10am');
  });

  it('asks for a thanks after a hand-over and shows a thanks received', () => {
    show({ type: 'trade_thanks_asked', listing: null, listing_id: null, note: 'Zucchini' });
    expect(screen.getByRole('link', { name: 'Say thanks' })).toHaveAttribute('href', '/trades');
    show({ type: 'thanks_received', listing: null, listing_id: null, note: 'Lovely!' });
    expect(screen.getByText(/thanked you/)).toHaveTextContent('rosa thanked you: “Lovely!”');
  });
});
