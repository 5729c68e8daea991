import type { Notification } from '@gardenswap/shared/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SocketLike, setSocketForTests } from '../../../lib/socket';
import { json, renderWithProviders } from '../../../test/render';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import NotificationsPage from './notifications-page';

const me = { id: 2, username: 'bea' };

/** The server's end of the socket: the test pushes events through it. */
function fakeSocket() {
  let listeners: ((event: string, ...args: unknown[]) => void)[] = [];
  const socket = {
    connected: true,
    timeout: () => socket,
    // What the page tells the server (tab_focus on connect); nothing to answer.
    emit: () => socket,
    onAny: (l: (typeof listeners)[number]) => ((listeners = [...listeners, l]), socket),
    offAny: (l: (typeof listeners)[number]) => ((listeners = listeners.filter((x) => x !== l)), socket),
    disconnect: () => socket,
    on: () => socket,
    push: (event: string, payload: unknown) => act(() => listeners.forEach((l) => l(event, payload))),
  };
  setSocketForTests(socket as unknown as SocketLike);
  return socket;
}

const MATCH: Notification = {
  id: 7,
  type: 'match',
  created_at: '2025-05-01T10:00:00.000Z',
  read_at: null,
  listing_id: 31,
  want_id: 4,
  from_user: { id: 1, username: 'rosa_grows', profile_picture: null },
  listing: { id: 31, title: 'Cherry tomatoes', thumbnail: null },
  want: { id: 4, title: 'tomato' },
  event: null,
  note: null,
};
const REQUEST: Notification = {
  id: 6,
  type: 'friend_request',
  created_at: '2025-04-30T10:00:00.000Z',
  read_at: '2025-04-30T11:00:00.000Z',
  listing_id: null,
  want_id: null,
  from_user: { id: 5, username: 'sam', profile_picture: null },
  listing: null,
  want: null,
  event: null,
  note: null,
};

afterEach(() => {
  setSocketForTests(null);
  vi.restoreAllMocks();
});

describe('the notification bell', () => {
  it('shows the unread count and raises it live when a notification arrives', async () => {
    const socket = fakeSocket();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ unread_count: 2 }));
    renderWithProviders(<NotificationBell />, { auth: me });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    socket.push('notification', MATCH);
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });

  it('shows no number when everything is read', async () => {
    fakeSocket();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ unread_count: 0 }));
    renderWithProviders(<NotificationBell />, { auth: me });
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('lists matches and requests with links to the listing and the member, and marks one read when opened', async () => {
    fakeSocket();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/notifications/read')) return json({ unread_count: 0 });
      return json([MATCH, REQUEST]);
    });
    renderWithProviders(<NotificationsPage />, { auth: me, path: '/notifications', otherPaths: ['/listings/:id'] });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [match, request] = within(list).getAllByRole('listitem');
    expect(match).toHaveTextContent(
      'Unread: You got a match: Cherry tomatoes by rosa_grows matches tomato on your wish list.',
    );
    expect(within(match!).getByRole('link', { name: 'rosa_grows' })).toHaveAttribute('href', '/seller/1');
    expect(request).toHaveTextContent('sam sent you a friend request.');
    expect(request).not.toHaveTextContent('Unread');
    expect(within(request!).getByRole('link', { name: 'Answer it' })).toHaveAttribute('href', '/myfriends');

    await userEvent.click(within(match!).getByRole('link', { name: 'Cherry tomatoes' }));
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    const read = fetch.mock.calls.find(([url]) => String(url).includes('/notifications/read'));
    expect(JSON.parse(String(read![1]!.body))).toEqual({ ids: [7] });
  });

  it('lists an event’s cancellation with links to its host and its page', async () => {
    fakeSocket();
    const cancelled: Notification = {
      ...REQUEST,
      id: 9,
      type: 'event_cancelled',
      read_at: null,
      from_user: { id: 5, username: 'sam', profile_picture: null },
      event: { id: 12, title: 'Spring seed swap' },
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([cancelled]));
    renderWithProviders(<NotificationsPage />, { auth: me, path: '/notifications', otherPaths: ['/events/:id'] });
    const [item] = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(item).toHaveTextContent('Unread: sam cancelled Spring seed swap.');
    expect(within(item!).getByRole('link', { name: 'sam' })).toHaveAttribute('href', '/seller/5');
    expect(within(item!).getByRole('link', { name: 'Spring seed swap' })).toHaveAttribute('href', '/events/12');
  });

  it('marks all read with one button', async () => {
    fakeSocket();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).includes('/notifications/read') ? json({ unread_count: 0 }) : json([MATCH, REQUEST]),
      );
    renderWithProviders(<NotificationsPage />, { auth: me, path: '/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText(/Unread:/)).not.toBeInTheDocument());
    const read = fetch.mock.calls.find(([url]) => String(url).includes('/notifications/read'));
    expect(JSON.parse(String(read![1]!.body))).toEqual({});
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet, and when loading fails', async () => {
    fakeSocket();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([]));
    const { unmount } = renderWithProviders(<NotificationsPage />, { auth: me, path: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    unmount();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ detail: 'down', code: 'UNAVAILABLE' }, 503));
    renderWithProviders(<NotificationsPage />, { auth: me, path: '/notifications' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications. Please try again later.');
  });
});
