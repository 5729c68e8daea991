import type { ListingTradeStatus } from '@gardenswap/shared/trade';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, calls, mockApi } from '../../../test/api-stubs';
import { TradePanel } from './trade-panel';

const me = { id: 1, username: 'gardener' };
const status = (over: Partial<ListingTradeStatus> = {}): ListingTradeStatus => ({
  listing_id: 5,
  state_id: 1,
  is_owner: false,
  interested: false,
  reserved_for_me: false,
  reserved_for: null,
  pickup_note: null,
  pickup: null,
  trade: null,
  ...over,
});
const rosa = { id: 7, username: 'rosa', profile_picture: null };
const ben = { id: 8, username: 'ben', profile_picture: null };

const open = (ownerId: number) =>
  renderWithProviders(<TradePanel listing={buildListing({ id: 5, owner_id: ownerId, title: 'Zucchini' })} />, {
    route: '/listings/5',
    path: '/listings/:id',
    auth: me,
    otherPaths: ['/messages/:otherId', '/trades'],
  });

describe('the trade on a listing', () => {
  it('"I\'d like this" asks the server and opens the chat with the owner', async () => {
    const spy = mockApi({
      'GET /api/listings/5/trade': json(status()),
      'POST /api/listings/5/interest': json({ owner_id: 7, created: true }),
    });
    open(7);
    await userEvent.click(await screen.findByRole('button', { name: "I'd like this" }));
    expect(await screen.findByText('Navigated to /messages/:otherId')).toBeInTheDocument();
    expect(calls(spy)).toContain('POST /api/listings/5/interest');
  });

  it('shows "Reserved for you" with the pickup note to the member it is kept for', async () => {
    mockApi({
      'GET /api/listings/5/trade': json(
        status({
          state_id: 2,
          interested: true,
          reserved_for_me: true,
          reserved_for: { ...me, profile_picture: null },
          pickup_note: 'Sat 10am, side gate',
        }),
      ),
    });
    open(7);
    const box = (await screen.findByText('Reserved for you')).closest('[role="status"]');
    expect(box).not.toBeNull();
    expect(box).toHaveTextContent('Sat 10am, side gate');
    expect(screen.getByRole('link', { name: 'Open the chat' })).toHaveAttribute('href', '/messages/7');
  });

  it('lists the interested members for the owner and reserves for one with a note', async () => {
    const spy = mockApi({
      'GET /api/listings/5/trade': json(status({ is_owner: true })),
      'GET /api/listings/5/interests': json([
        { ...ben, created_at: '2026-11-25T10:00:00Z' },
        { ...rosa, created_at: '2026-11-24T10:00:00Z' },
      ]),
      'POST /api/listings/5/reservation': json(null, 204),
    });
    open(me.id);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('ben'), expect.stringContaining('rosa')]);
    expect(screen.getByRole('link', { name: 'Chat with rosa' })).toHaveAttribute('href', '/messages/7');
    await userEvent.click(screen.getByRole('button', { name: 'Reserve for rosa' }));
    const form = screen.getByRole('form', { name: 'Reserve for rosa' });
    await userEvent.type(within(form).getByLabelText(/Pickup note/), 'Friday 6pm');
    await userEvent.click(within(form).getByRole('button', { name: 'Reserve for rosa' }));
    await screen.findByRole('button', { name: 'Hand over' });
    const sent = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ user_id: 7, pickup_note: 'Friday 6pm' });
  });

  it('hands over to a member typed by username, and shows the server’s refusal', async () => {
    mockApi({
      'GET /api/listings/5/trade': json(status({ is_owner: true })),
      'GET /api/listings/5/interests': json([]),
      'POST /api/listings/5/hand-over': json(
        { detail: 'No member with that username', code: 'VALIDATION_FAILED', errors: [] },
        422,
      ),
    });
    open(me.id);
    expect(await screen.findByText('No one has asked for this yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await userEvent.selectOptions(screen.getByLabelText('How'), 'Swapped');
    await userEvent.type(screen.getByLabelText('Username'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as handed over' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No member with that username');
  });

  it('offers nothing more than the thanks once the listing is gone', async () => {
    mockApi({
      'GET /api/listings/5/trade': json(
        status({
          state_id: 3,
          trade: {
            id: 3,
            listing_id: 5,
            listing_title: 'Zucchini',
            kind: 'given',
            owner: rosa,
            receiver: { ...me, profile_picture: null },
            created_at: '2026-11-25T10:00:00Z',
            thanked_by_me: false,
          },
        }),
      ),
    });
    open(7);
    expect(await screen.findByRole('link', { name: 'Say thanks' })).toHaveAttribute('href', '/trades');
    expect(screen.queryByRole('button', { name: "I'd like this" })).not.toBeInTheDocument();
  });
});
