import type { PublicUser } from '@gardenswap/shared/auth';
import type { FriendStatus } from '@gardenswap/shared/friends';
import type { Listing } from '@gardenswap/shared/listings';
import type { Want } from '@gardenswap/shared/wants';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { type ApiCall, mockApi } from '../../../features/friends/testing/mock-api';
import { userKeys } from '../../../lib/query-keys';
import SellerPage from './seller-page';
import { buildListing } from '../../../test/fixtures';

const ME = { id: 1, username: 'maria' };
const SELLER: PublicUser = {
  id: 7,
  username: 'tomas_grows',
  profile_picture: null,
  city: 'Salt Lake City',
  state: 'UT',
  zip_code: '84101',
  friend_count: 3,
};

const listing = (overrides: Partial<Listing> = {}) =>
  buildListing({ id: 40, title: 'Heirloom tomatoes', owner_id: SELLER.id, owner: { ...SELLER }, ...overrides });

const want = (id: number, title: string, category_id: number): Want => ({
  id,
  title,
  category_id,
  user_id: SELLER.id,
  created_at: '2025-05-01T10:00:00.000Z',
});

/** The seller's page with a stubbed server; `status` is where I stand with them and follows the calls made. */
function openSeller({
  status = { status: 'none' } as FriendStatus,
  seller = SELLER,
  listings = [listing()] as Listing[] | Response,
  wants = [] as Want[] | Response,
  route = '/seller/7',
  requestAnswer = { status: 'pending', direction: 'outgoing', request_id: 90 } as FriendStatus,
  extra = {} as Record<string, unknown>,
  queryClient = undefined as QueryClient | undefined,
} = {}) {
  let current = status;
  const api = mockApi({
    'GET /api/auth/users/7/public': seller,
    'GET /api/auth/users/1/public': { ...SELLER, id: 1, username: 'maria' },
    'GET /api/auth/friends/status/7': () => current,
    'POST /api/auth/friends/request': () => {
      current = requestAnswer;
      return json(requestAnswer, 201);
    },
    'POST /api/auth/friends/respond': (call: ApiCall) => {
      current = (call.body as { accept: boolean }).accept ? { status: 'accepted' } : { status: 'none' };
      return current;
    },
    'DELETE /api/auth/friends/7': () => {
      current = { status: 'none' };
      return json(null, 204);
    },
    'GET /api/listings/': listings,
    'GET /api/listings/want-listings': wants,
    'GET /api/auth/users/7/trades': { trade_count: 0, thanks_count: 0, latest_thanks: [] },
    ...extra,
  });
  const view = renderWithProviders(<SellerPage />, {
    route,
    path: '/seller/:id',
    auth: ME,
    otherPaths: ['/messages/:otherId', '/listings/:id', '/listings'],
    queryClient,
  });
  return { ...view, api };
}

describe('seller page', () => {
  it('shows the seller, where they garden, their friend count and their listings', async () => {
    const { api } = openSeller({
      listings: [
        listing(),
        listing({ id: 41, title: 'Basil seedlings', type_id: 2, price: 0 }),
        listing({ id: 42, title: 'Zucchini', type_id: 3, price: 0 }),
      ],
    });
    expect(await screen.findByRole('heading', { name: '@tomas_grows' })).toBeInTheDocument();
    expect(screen.getByText('Salt Lake City, UT')).toBeInTheDocument();
    expect(screen.getByText('3 friends')).toBeInTheDocument();
    const row = await screen.findByRole('link', { name: /Heirloom tomatoes/ });
    expect(row).toHaveAttribute('href', '/listings/40');
    expect(within(row).getByText('$4')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Basil seedlings/ })).getByText('exchange')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Zucchini/ })).getByText('giveaway')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/listings/?user_id=7')).toHaveLength(1);
  });

  it('says "Location not specified" when the seller gave no city or state', async () => {
    openSeller({ seller: { ...SELLER, city: null, state: null, zip_code: null } });
    expect(await screen.findByText('Location not specified')).toBeInTheDocument();
  });

  it('says "No items" when the seller has nothing I may see', async () => {
    openSeller({ listings: [] });
    expect(await screen.findByText('No items')).toBeInTheDocument();
  });

  it('groups the wish list by category and says "No items in wishlist." when it is empty', async () => {
    const user = userEvent.setup();
    openSeller({ wants: [want(1, 'Garlic bulbs', 1), want(2, 'Marigold seeds', 2), want(3, 'Old kettle', 9)] });
    await user.click(await screen.findByRole('tab', { name: 'Want' }));
    const produce = await screen.findByRole('region', { name: 'produce' });
    expect(within(produce).getByText('Garlic bulbs')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'seeds' })).getByText('Marigold seeds')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'uncategorized' })).getByText('Old kettle')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'plants' })).not.toBeInTheDocument();
  });

  it('says "No items in wishlist." for an empty want list', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ wants: [] });
    await user.click(await screen.findByRole('tab', { name: 'Want' }));
    expect(await screen.findByText('No items in wishlist.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/listings/want-listings?user_id=7')).toHaveLength(1);
  });

  it('offers "Add friend" to a stranger and confirms the request in the Invitation modal', async () => {
    const user = userEvent.setup();
    const { api } = openSeller();
    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation' });
    expect(within(dialog).getByText('Your connection request was sent!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/friends/request')[0]?.body).toEqual({ friend_id: 7 });
    await user.click(within(dialog).getByRole('button', { name: 'ok!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cancel friend request' })).toBeInTheDocument();
  });

  it('withdraws the request from the Invitation modal with "cancel request"', async () => {
    const user = userEvent.setup();
    const { api } = openSeller();
    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'cancel request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/auth/friends/7')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
  });

  it('shows us as friends at once when my request meets theirs', async () => {
    const user = userEvent.setup();
    openSeller({ requestAnswer: { status: 'accepted' } });
    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('You and tomas_grows are now friends.')).toBeInTheDocument();
  });

  it('shows an error when the request cannot be sent', async () => {
    const user = userEvent.setup();
    openSeller({
      extra: { 'POST /api/auth/friends/request': json({ detail: 'boom', code: 'INTERNAL' }, 500) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send friend request');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets me cancel my pending request with "Cancel friend request"', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ status: { status: 'pending', direction: 'outgoing', request_id: 90 } });
    await user.click(await screen.findByRole('button', { name: 'Cancel friend request' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/auth/friends/7')).toHaveLength(1);
  });

  it('lets me accept a request they sent me', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ status: { status: 'pending', direction: 'incoming', request_id: 55 } });
    expect(await screen.findByText('tomas_grows wants to be your friend.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel friend request' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/friends/respond')[0]?.body).toEqual({ request_id: 55, accept: true });
  });

  it('lets me decline a request they sent me', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ status: { status: 'pending', direction: 'incoming', request_id: 55 } });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/friends/respond')[0]?.body).toEqual({ request_id: 55, accept: false });
  });

  it('asks before removing a friend and removes on ok', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ status: { status: 'accepted' } });
    await user.click(await screen.findByRole('button', { name: 'Friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Friend' });
    expect(within(dialog).getByText('Are you sure you want to remove from your friends list?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/auth/friends/7')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeInTheDocument();
  });

  it('keeps the friendship when the Remove Friend modal is cancelled', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ status: { status: 'accepted' } });
    await user.click(await screen.findByRole('button', { name: 'Friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Friend' });
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Friends' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/auth/friends/7')).toHaveLength(0);
  });

  it('hides the friend button and the message bar on my own profile', async () => {
    const { api } = openSeller({ route: '/seller/1' });
    expect(await screen.findByRole('heading', { name: '@maria' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add friend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /message/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/friends/status/1')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('blocks the member after confirming, and then shows "User not found"', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const { api } = openSeller({
      extra: {
        'GET /api/auth/users/7/public': () =>
          blocked ? json({ detail: 'User not found', code: 'NOT_FOUND' }, 404) : SELLER,
        'POST /api/blocks': () => {
          blocked = true;
          return json({ user_id: 7 }, 201);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block tomas_grows?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/blocks').map((c) => c.body)).toEqual([{ user_id: 7 }]);
  });

  it('asks again for a profile another screen cached before the member blocked me, and says "User not found"', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    queryClient.setQueryData(userKeys.public(SELLER.id), SELLER);
    const { api } = openSeller({
      queryClient,
      seller: json({ detail: 'User not found', code: 'NOT_FOUND' }, 404) as unknown as PublicUser,
    });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/users/7/public')).toHaveLength(1);
  });

  it('reports the member with a reason', async () => {
    const user = userEvent.setup();
    const { api } = openSeller({ extra: { 'POST /api/reports': json({ id: 1 }, 201) } });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Fake listings');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Your report was sent to our moderators.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports').map((c) => c.body)).toEqual([
      { target_type: 'user', target_id: 7, reason: 'Fake listings' },
    ]);
  });

  it('sends a message and opens the conversation', async () => {
    const user = userEvent.setup();
    const { api, router } = openSeller({
      extra: {
        'POST /api/messages': (call: { body: unknown }) =>
          json(
            {
              id: 1,
              sender_id: 1,
              receiver_id: 7,
              created_at: '2025-05-01T10:00:00.000Z',
              read_at: null,
              ...(call.body as object),
            },
            201,
          ),
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Message tomas_grows' });
    expect(input).toHaveAttribute('placeholder', 'Write a message…');
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST', '/api/messages')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  Are the tomatoes still there?  {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/7'));
    expect(api.callsTo('POST', '/api/messages')[0]?.body).toMatchObject({
      receiver_id: 7,
      content: 'Are the tomatoes still there?',
    });
  });

  it('says "User not found" for a member who does not exist', async () => {
    openSeller({ seller: json({ detail: 'User not found', code: 'NOT_FOUND' }, 404) as unknown as PublicUser });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
  });

  it('says "User not found" for an address that is not a member id', async () => {
    const { api } = openSeller({ route: '/seller/abc' });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('says "Failed to fetch data. Please try again later" when the profile cannot load', async () => {
    openSeller({ seller: json({ detail: 'down', code: 'INTERNAL' }, 500) as unknown as PublicUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch data. Please try again later');
  });

  it('says "Failed to load listings. Please try again later" when the Have list cannot load', async () => {
    openSeller({ listings: json({ detail: 'down', code: 'INTERNAL' }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load listings. Please try again later');
  });

  it('goes to the marketplace from the back button when opened directly', async () => {
    const user = userEvent.setup();
    const { router } = openSeller();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings'));
  });
});
