import { THANKS_MAX } from '@gardenswap/shared/trade';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/api-stubs';
import TradesPage from './trades-page';

const me = { id: 1, username: 'gardener' };
const trade = (thanked: boolean) => ({
  id: 3,
  listing_id: 5,
  listing_title: 'Zucchini',
  kind: 'given',
  owner: { id: 7, username: 'rosa', profile_picture: null },
  receiver: { id: 1, username: 'gardener', profile_picture: null },
  created_at: '2026-11-25T10:00:00Z',
  thanked_by_me: thanked,
});

describe('Your trades', () => {
  it('says so when there are none yet', async () => {
    mockApi({ 'GET /api/trades': json([]) });
    renderWithProviders(<TradesPage />, { auth: me });
    expect(await screen.findByText('No trades yet.')).toBeInTheDocument();
  });

  it('sends a thanks of at most 280 characters and then shows it was sent', async () => {
    let thanked = false;
    mockApi({
      'GET /api/trades': () => json([trade(thanked)]),
      'POST /api/trades/3/thanks': () => {
        thanked = true;
        return json({}, 201);
      },
    });
    renderWithProviders(<TradesPage />, { auth: me });
    const box = await screen.findByLabelText('Thanks to rosa');
    expect(screen.getByText(/given to you by/)).toBeInTheDocument();
    expect(box).toHaveAttribute('maxLength', String(THANKS_MAX));
    expect(screen.getByRole('button', { name: 'Send thanks' })).toBeDisabled();
    await userEvent.type(box, 'Thank you!');
    await userEvent.click(screen.getByRole('button', { name: 'Send thanks' }));
    expect(await screen.findByText('You thanked rosa.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a second thanks', async () => {
    mockApi({
      'GET /api/trades': json([trade(false)]),
      'POST /api/trades/3/thanks': json({ detail: 'You already thanked for this trade', code: 'CONFLICT' }, 409),
    });
    renderWithProviders(<TradesPage />, { auth: me });
    await userEvent.type(await screen.findByLabelText('Thanks to rosa'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Send thanks' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already thanked for this trade');
  });
});
