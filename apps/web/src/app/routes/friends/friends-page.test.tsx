import type { Friend, FriendRequest } from '@gardenswap/shared/friends';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../features/friends/testing/mock-api';
import FriendsPage from './friends-page';

const ME = { id: 1, username: 'maria' };
const friend = (id: number, username: string): Friend => ({ id, username, profile_picture: null });
const request = (id: number, user_id: number, username: string): FriendRequest => ({
  id,
  user_id,
  username,
  profile_picture: null,
  created_at: '2025-05-01T10:00:00.000Z',
});

function openFriends({
  route = '/myfriends',
  friends = [friend(7, 'tomas_grows'), friend(8, 'june_bee')] as Friend[] | Response,
  incoming = [request(55, 9, 'rosa_seeds')] as FriendRequest[] | Response,
  outgoing = [request(56, 10, 'kai_plants')] as FriendRequest[] | Response,
  extra = {} as Record<string, unknown>,
} = {}) {
  const api = mockApi({
    'GET /api/auth/friends': friends,
    'GET /api/auth/friends/requests': incoming,
    'GET /api/auth/friends/requests?direction=outgoing': outgoing,
    'POST /api/auth/friends/respond': (call: { body: unknown }) => ({
      status: (call.body as { accept: boolean }).accept ? 'accepted' : 'none',
    }),
    'DELETE /api/auth/friends/10': json(null, 204),
    'GET /api/auth/users/nearby': [],
    ...extra,
  });
  const view = renderWithProviders(<FriendsPage />, { route, path: '/myfriends', auth: ME });
  return { ...view, api };
}

describe('friends page', () => {
  it('lists my friends, each opening their seller profile', async () => {
    openFriends();
    const card = await screen.findByRole('link', { name: /tomas_grows/ });
    expect(card).toHaveAttribute('href', '/seller/7');
    expect(screen.getByRole('link', { name: /june_bee/ })).toHaveAttribute('href', '/seller/8');
    expect(screen.getByRole('button', { name: 'Show Friends' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters the cards by username as I type', async () => {
    const user = userEvent.setup();
    openFriends();
    await screen.findByRole('link', { name: /tomas_grows/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search by username' }), 'JUNE');
    expect(screen.queryByRole('link', { name: /tomas_grows/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /june_bee/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search by username' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by username' }), 'nobody');
    expect(screen.getByText('No friends match “nobody”.')).toBeInTheDocument();
  });

  it('switches to the pending view, keeping it in ?view=pending, with requests both ways', async () => {
    const user = userEvent.setup();
    const { router } = openFriends();
    await user.click(await screen.findByRole('button', { name: /Show Pending/ }));
    expect(router.state.location.search).toBe('?view=pending');
    const toMe = await screen.findByRole('region', { name: 'Requests to you' });
    expect(within(toMe).getByRole('link', { name: /rosa_seeds/ })).toHaveAttribute('href', '/seller/9');
    expect(within(toMe).getByRole('button', { name: 'Accept rosa_seeds' })).toBeInTheDocument();
    expect(within(toMe).getByRole('button', { name: 'Decline rosa_seeds' })).toBeInTheDocument();
    const fromMe = screen.getByRole('region', { name: 'Requests you sent' });
    expect(within(fromMe).getByRole('button', { name: /Cancel friend request/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Friends' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: /tomas_grows/ })).toBeInTheDocument();
  });

  it('filters the pending requests by username too', async () => {
    const user = userEvent.setup();
    openFriends({ route: '/myfriends?view=pending' });
    await screen.findByRole('region', { name: 'Requests to you' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by username' }), 'kai');
    expect(screen.queryByRole('region', { name: 'Requests to you' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Requests you sent' })).toBeInTheDocument();
  });

  it('accepts a request with respond {request_id, accept: true}', async () => {
    const user = userEvent.setup();
    const { api } = openFriends({ route: '/myfriends?view=pending' });
    await user.click(await screen.findByRole('button', { name: 'Accept rosa_seeds' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/auth/friends/respond')[0]?.body).toEqual({ request_id: 55, accept: true }),
    );
    // The lists are read again once the request is answered.
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/friends/requests').length).toBeGreaterThan(1));
  });

  it('says "Failed to accept friend request" when accepting fails', async () => {
    const user = userEvent.setup();
    openFriends({
      route: '/myfriends?view=pending',
      extra: { 'POST /api/auth/friends/respond': json({ detail: 'down', code: 'INTERNAL' }, 500) },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept rosa_seeds' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept friend request');
  });

  it('cancels a request I sent', async () => {
    const user = userEvent.setup();
    const { api } = openFriends({ route: '/myfriends?view=pending' });
    await user.click(await screen.findByRole('button', { name: 'Cancel friend request to kai_plants' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/auth/friends/10')).toHaveLength(1));
  });

  it('shows a short error when a request cannot be cancelled', async () => {
    const user = userEvent.setup();
    openFriends({
      route: '/myfriends?view=pending',
      extra: { 'DELETE /api/auth/friends/10': json({ detail: 'down', code: 'INTERNAL' }, 500) },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel friend request to kai_plants' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to cancel friend request');
  });

  it('says "Failed to load data" when the friends cannot load', async () => {
    openFriends({ friends: json({ detail: 'down', code: 'INTERNAL' }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data');
  });

  it('says "Failed to load data" when the requests cannot load', async () => {
    openFriends({ route: '/myfriends?view=pending', outgoing: json({ detail: 'down', code: 'INTERNAL' }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data');
  });

  it('suggests sharing my link when I have no friends yet', async () => {
    const user = userEvent.setup();
    openFriends({ friends: [] });
    expect(await screen.findByText('You have no friends on Gardenswap yet.')).toBeInTheDocument();
    const share = screen.getAllByRole('button', { name: 'Share your profile link' });
    await user.click(share[share.length - 1]!);
    expect(await screen.findByRole('dialog', { name: 'Share your profile link' })).toBeInTheDocument();
  });

  it('says so when nothing is pending', async () => {
    openFriends({ route: '/myfriends?view=pending', incoming: [], outgoing: [] });
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });

  it('shows my profile link as a QR code', async () => {
    const user = userEvent.setup();
    openFriends();
    await user.click(screen.getByRole('button', { name: 'Use QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use QR Code' });
    const link = `${window.location.origin}/seller/1`;
    expect(within(dialog).getByRole('img', { name: `QR code of your profile link ${link}` })).toHaveAttribute(
      'data-value',
      link,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies my profile link, and cancel closes the modal', async () => {
    const user = userEvent.setup();
    openFriends();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getAllByRole('button', { name: 'Share your profile link' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Share your profile link' });
    expect(within(dialog).getByRole('textbox', { name: 'Your profile link' })).toHaveValue(
      `${window.location.origin}/seller/1`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/seller/1`);
    expect(await within(dialog).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "Failed to copy link to clipboard" when copying is refused', async () => {
    const user = userEvent.setup();
    openFriends();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getAllByRole('button', { name: 'Share your profile link' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Share your profile link' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to copy link to clipboard');
  });
});
