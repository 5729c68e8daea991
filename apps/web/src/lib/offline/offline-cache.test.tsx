import 'fake-indexeddb/auto';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore, keys } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../auth-context';
import { UNAUTHORIZED_EVENT } from '../api-client';
import { clearAuth, writeAuth } from '../auth-storage';
import { createQueryClient } from '../query-client';
import { OfflineCache } from './offline-cache';
import { addToOutbox, forgetOutbox, readOutbox } from './outbox';
import { forgetCache } from './persisted-cache';

const cacheStore = createStore('gardenswap-cache', 'queries');
/** The members whose screens are saved on the device. */
const savedMembers = async () => [...new Set((await keys(cacheStore)).map((key) => (key as [number])[0]))];

const MARIA = { id: 1, username: 'maria' };
const TOM = { id: 2, username: 'tom' };

/** A query answered by the network only when `answer` is given; otherwise it never comes (offline). */
function Shown({ queryKey, answer }: { queryKey: unknown[]; answer?: string }) {
  const query = useQuery({
    queryKey,
    queryFn: () => (answer === undefined ? new Promise<string>(() => {}) : Promise.resolve(answer)),
  });
  return <p>{`${queryKey.join('/')}: ${query.data ?? 'nothing'}`}</p>;
}

let signIn: ReturnType<typeof useAuth>['signIn'];
let signOut: () => void;
function SessionControls() {
  ({ signIn, signOut } = useAuth());
  return null;
}

/** The app as it starts: its query client, the session from storage, the kept screens. */
function startApp(children: React.ReactNode) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <OfflineCache>
          <SessionControls />
          {children}
        </OfflineCache>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

afterEach(async () => {
  localStorage.clear();
  await forgetCache(null);
  await forgetOutbox(null);
});

describe('what the member last saw, kept on the device', () => {
  it('shows kept listings and conversations after a restart, and nothing it was not meant to keep', async () => {
    writeAuth('token', MARIA);
    const first = startApp(
      <>
        <Shown queryKey={['listings', 'detail', 7]} answer="Tomato seedlings" />
        <Shown queryKey={['messages', 'conversation', 2]} answer="See you at noon" />
        <Shown queryKey={['friends']} answer="Tom" />
      </>,
    );
    await screen.findByText('listings/detail/7: Tomato seedlings');
    await screen.findByText('friends: Tom');
    await waitFor(async () => expect(await savedMembers()).toEqual([MARIA.id]), { timeout: 3_000 });
    // Saving is throttled: let the last save land before the app closes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    first.unmount();

    startApp(
      <>
        <Shown queryKey={['listings', 'detail', 7]} />
        <Shown queryKey={['messages', 'conversation', 2]} />
        <Shown queryKey={['friends']} />
      </>,
    );
    expect(await screen.findByText('listings/detail/7: Tomato seedlings')).toBeInTheDocument();
    expect(screen.getByText('messages/conversation/2: See you at noon')).toBeInTheDocument();
    expect(screen.getByText('friends: nothing')).toBeInTheDocument();
  });

  it('shows the kept copy at once, then what the server says now', async () => {
    writeAuth('token', MARIA);
    const first = startApp(<Shown queryKey={['listings', 'list', { mine: true }]} answer="Public beans" />);
    await screen.findByText(/Public beans/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    first.unmount();

    let answer!: (value: string) => void;
    function Later() {
      const query = useQuery({
        queryKey: ['listings', 'list', { mine: true }],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      });
      return <p>{`mine: ${query.data ?? 'nothing'}`}</p>;
    }
    startApp(<Later />);
    expect(await screen.findByText('mine: Public beans')).toBeInTheDocument();
    // Kept moments ago, yet fetched again: the last change before closing may not have been kept.
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer('Friends-only beans'));
    expect(await screen.findByText('mine: Friends-only beans')).toBeInTheDocument();
  });

  it('does not ask again for what the network answered before the kept copy was read', async () => {
    writeAuth('token', MARIA);
    const first = startApp(<Shown queryKey={['listings', 'list', { friends: true }]} answer="Kept beans" />);
    await screen.findByText(/Kept beans/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    first.unmount();

    // The marketplace's first page is asked for as the page opens, before the device store is read.
    const queryClient = createQueryClient();
    let asked = 0;
    await queryClient.prefetchQuery({
      queryKey: ['listings', 'list', { friends: true }],
      queryFn: () => `Fresh beans ${++asked}`,
    });
    function Page() {
      const query = useQuery({
        queryKey: ['listings', 'list', { friends: true }],
        queryFn: () => `Fresh beans ${++asked}`,
      });
      return <p>{`friends: ${query.data ?? 'nothing'}`}</p>;
    }
    const view = render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <OfflineCache>
            <Page />
          </OfflineCache>
        </AuthProvider>
      </QueryClientProvider>,
    );
    // The device store has been read and saving has started: the member's copy is being written again.
    await waitFor(async () => expect(await savedMembers()).toEqual([MARIA.id]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <OfflineCache>
            <Page />
            <Page />
          </OfflineCache>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getAllByText('friends: Fresh beans 1')).toHaveLength(2);
    expect(asked).toBe(1);
  });

  it('online, a screen asks the network at once, never waiting for the device store', async () => {
    writeAuth('token', MARIA);
    let asked = 0;
    function Counted() {
      useQuery({ queryKey: ['friends'], queryFn: () => ++asked });
      return null;
    }
    startApp(<Counted />);
    // Reading the device store takes a dynamic import and IndexedDB: nothing of it has happened yet.
    expect(asked).toBe(1);
  });

  it('keeps nothing at all for a guest', async () => {
    startApp(<Shown queryKey={['listings', 'list', { public: true }]} answer="Public beans" />);
    await screen.findByText(/Public beans/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(await savedMembers()).toEqual([]);
  });

  it('forgets the member’s screens and waiting messages on sign-out', async () => {
    writeAuth('token', MARIA);
    await addToOutbox(MARIA.id, 'message', { content: 'Still there?' });
    const app = startApp(<Shown queryKey={['wants', 'mine']} answer="Garlic" />);
    await screen.findByText('wants/mine: Garlic');
    await waitFor(async () => expect(await savedMembers()).toEqual([MARIA.id]), { timeout: 3_000 });

    act(() => signOut());
    await waitFor(async () => expect(await savedMembers()).toEqual([]));
    expect(await readOutbox(MARIA.id)).toEqual([]);
    expect(app.queryClient.getQueryData(['wants', 'mine'])).toBeUndefined();
    // A save scheduled before the sign-out does not bring them back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(await savedMembers()).toEqual([]);
  });

  it('forgets them when the server refuses the session (a 401 signs the member out)', async () => {
    writeAuth('token', MARIA);
    startApp(<Shown queryKey={['notifications', 'list']} answer="2 matches" />);
    await screen.findByText('notifications/list: 2 matches');
    await waitFor(async () => expect(await savedMembers()).toEqual([MARIA.id]), { timeout: 3_000 });

    // What the API client does on a 401.
    act(() => {
      clearAuth();
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    });
    await waitFor(async () => expect(await savedMembers()).toEqual([]));
  });

  it('shows another member who signs in nothing of the last one, and deletes it from the device', async () => {
    writeAuth('token', MARIA);
    await addToOutbox(MARIA.id, 'message', { content: 'For Tom' });
    const first = startApp(<Shown queryKey={['profile']} answer="maria's profile" />);
    await screen.findByText("profile: maria's profile");
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    first.unmount();

    // Tom signs in on the same device (Maria's session was still stored).
    const second = startApp(<Shown queryKey={['profile']} />);
    await screen.findByText("profile: maria's profile");
    act(() => signIn('token-2', TOM));
    await waitFor(() => expect(screen.getByText('profile: nothing')).toBeInTheDocument());
    expect(second.queryClient.getQueryData(['profile'])).toBeUndefined();
    await waitFor(async () => expect(await savedMembers()).not.toContain(MARIA.id));
    expect(await readOutbox(MARIA.id)).toEqual([]);
  });
});
