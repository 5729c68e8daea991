import { formatPickupTime } from '@gardenswap/shared/pickup';
import type { ReservedBetween } from '@gardenswap/shared/trade';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSocket, installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import { mockApi } from '../../../test/api-stubs';
import { json, renderWithProviders } from '../../../test/render';
import { tradeKeys } from '../api/trade-keys';
import { useLiveTrades } from '../api/use-live-trades';
import { ReservedPickups } from './reserved-pickups';

const me = { id: 1, username: 'gardener' };
const TIME = new Date(Date.now() + 86_400_000).toISOString();

const kept = (over: Partial<ReservedBetween> = {}): ReservedBetween => ({
  listing: { id: 5, title: 'Zucchini' },
  is_owner: true,
  pickup: null,
  ...over,
});

/** The chat's strip, with the app's live trade updates running as the signed-in layout runs them. */
function StripWithLiveTrades() {
  useLiveTrades();
  return <ReservedPickups otherId={7} otherName="rosa" />;
}

let socket: FakeSocket;
beforeEach(() => {
  socket = installFakeSocket();
});
afterEach(() => restoreSocket());

const open = () => renderWithProviders(<StripWithLiveTrades />, { auth: me });

describe('the pickups above a chat', () => {
  it('shows each listing reserved between us, linking to it, with its pickup', async () => {
    mockApi({
      'GET /api/trades/reserved-with/7': json([
        kept(),
        kept({
          listing: { id: 6, title: 'Basil' },
          is_owner: false,
          pickup: {
            status: 'offered',
            offered_by_id: 7,
            times: [TIME],
            agreed_time: null,
            place: null,
            note: null,
            updated_at: TIME,
          },
        }),
      ]),
    });
    open();
    const strip = await screen.findByRole('list', { name: 'Reserved between you' });
    expect(within(strip).getByRole('link', { name: 'Zucchini' })).toHaveAttribute('href', '/listings/5');
    expect(within(strip).getByRole('link', { name: 'Basil' })).toHaveAttribute('href', '/listings/6');
    const zucchini = within(strip).getByRole('region', { name: 'Pickup of Zucchini' });
    expect(within(zucchini).getByRole('button', { name: 'Offer pickup times' })).toBeInTheDocument();
    const basil = within(strip).getByRole('region', { name: 'Pickup of Basil' });
    expect(within(basil).getByRole('button', { name: formatPickupTime(TIME) })).toBeInTheDocument();
  });

  it('shows nothing when no listing is reserved between us, or when the list cannot be had', async () => {
    const answered = (queryClient: QueryClient, status: 'success' | 'error') =>
      waitFor(() => expect(queryClient.getQueryState(tradeKeys.reservedWith(7))?.status).toBe(status));
    mockApi({ 'GET /api/trades/reserved-with/7': json([]) });
    const empty = open();
    await answered(empty.queryClient, 'success');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    empty.unmount();

    mockApi({ 'GET /api/trades/reserved-with/7': json({ detail: 'Server error', code: 'INTERNAL' }, 500) });
    const failed = open();
    await answered(failed.queryClient, 'error');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('follows a step the other member takes, told by trade_updated', async () => {
    let answer = [kept()];
    mockApi({ 'GET /api/trades/reserved-with/7': () => json(answer) });
    open();
    expect(await screen.findByRole('button', { name: 'Offer pickup times' })).toBeInTheDocument();
    answer = [
      kept({
        pickup: {
          status: 'agreed',
          offered_by_id: me.id,
          times: [TIME],
          agreed_time: TIME,
          place: null,
          note: null,
          updated_at: TIME,
        },
      }),
    ];
    socket.pushEvent('trade_updated', { listing_id: 5 });
    expect(await screen.findByText(`Pickup agreed: ${formatPickupTime(TIME)}`)).toBeInTheDocument();
  });
});
