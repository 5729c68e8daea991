import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-context';
import { writeAuth } from './auth-storage';
import {
  JOIN_WAIT_MS,
  type SocketLike,
  setSocketForTests,
  useCatchUpOnConnect,
  useLiveReady,
  useSocket,
  useSocketEvent,
} from './socket';

function fakeSocket({ connected = true } = {}) {
  const listeners: ((event: string, ...args: unknown[]) => void)[] = [];
  const onConnect: (() => void)[] = [];
  const socket = {
    connected,
    timeout: vi.fn(),
    emit: vi.fn(),
    onAny: vi.fn((l: (event: string, ...args: unknown[]) => void) => listeners.push(l)),
    offAny: vi.fn(),
    disconnect: vi.fn(),
    on: vi.fn((event: string, listener: () => void) => {
      if (event === 'connect') onConnect.push(listener);
    }),
    /** The connection joins (first time, or again after a drop). */
    join: () =>
      act(() => {
        socket.connected = true;
        onConnect.forEach((l) => l());
      }),
    push: (event: string, ...args: unknown[]) => act(() => listeners.forEach((l) => l(event, ...args))),
  };
  setSocketForTests(socket as unknown as SocketLike);
  return socket;
}

function Probe({ onMessage }: { onMessage: (m: unknown) => void }) {
  const socket = useSocket();
  const { auth, signOut } = useAuth();
  useSocketEvent('new_message', onMessage);
  return (
    <>
      <p>{socket ? 'connected' : 'not connected'}</p>
      <button onClick={signOut}>out</button>
      {auth ? 'in' : 'out'}
    </>
  );
}

/** Unmounts the probe the way the sign-in guard does when the session ends. */
function App({ onMessage }: { onMessage: (m: unknown) => void }) {
  const { auth } = useAuth();
  return auth ? <Probe onMessage={onMessage} /> : <p>signed out</p>;
}

afterEach(() => setSocketForTests(null));

describe('the session socket', () => {
  it('hands events to the handlers of mounted components', () => {
    writeAuth('token-1', { id: 1, username: 'maria' });
    const socket = fakeSocket();
    const onMessage = vi.fn();
    render(
      <AuthProvider>
        <App onMessage={onMessage} />
      </AuthProvider>,
    );
    expect(screen.getByText('connected')).toBeInTheDocument();
    socket.push('new_message', { id: 5 });
    expect(onMessage).toHaveBeenCalledWith({ id: 5 });
  });

  it('is closed when the session ends', () => {
    writeAuth('token-1', { id: 1, username: 'maria' });
    const socket = fakeSocket();
    const onMessage = vi.fn();
    render(
      <AuthProvider>
        <App onMessage={onMessage} />
      </AuthProvider>,
    );
    act(() => screen.getByRole('button', { name: 'out' }).click());
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(socket.offAny).toHaveBeenCalled();
  });

  it('stays open when a page using it unmounts during the session', () => {
    writeAuth('token-1', { id: 1, username: 'maria' });
    const socket = fakeSocket();
    const { unmount } = render(
      <AuthProvider>
        <App onMessage={() => {}} />
      </AuthProvider>,
    );
    unmount();
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it('tells the server on connect whether the tab is in front, and again each time that changes', () => {
    writeAuth('token-1', { id: 1, username: 'maria' });
    const socket = fakeSocket();
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(
      <AuthProvider>
        <App onMessage={() => {}} />
      </AuthProvider>,
    );
    const reports = () => socket.emit.mock.calls.filter(([event]) => event === 'tab_focus').map(([, p]) => p);
    expect(reports()).toEqual([{ focused: true }]);

    hasFocus.mockReturnValue(false);
    act(() => window.dispatchEvent(new Event('blur')));
    // Hidden while already out of focus: nothing new to tell.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    visibility.mockReturnValue('visible');
    hasFocus.mockReturnValue(true);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(reports()).toEqual([{ focused: true }, { focused: false }, { focused: true }]);
  });

  describe('screens kept live by it', () => {
    /** The bell's count: read once the connection joined, refetched on each later join. */
    function LiveCount() {
      const queryClient = useQueryClient();
      useCatchUpOnConnect(() => void queryClient.invalidateQueries({ queryKey: ['count'] }));
      const count = useQuery({ queryKey: ['count'], queryFn: readCount, enabled: useLiveReady() });
      return <p>{count.data === undefined ? 'no count yet' : `count ${count.data}`}</p>;
    }
    let reads = 0;
    const readCount = () => Promise.resolve(++reads);
    const renderLive = () =>
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })}>
          <AuthProvider>
            <LiveCount />
          </AuthProvider>
        </QueryClientProvider>,
      );
    afterEach(() => {
      reads = 0;
    });

    it('read once, after the connection joins, instead of before it and again on joining', async () => {
      writeAuth('token-1', { id: 1, username: 'maria' });
      const socket = fakeSocket({ connected: false });
      renderLive();
      await act(async () => {});
      expect(screen.getByText('no count yet')).toBeInTheDocument();
      expect(reads).toBe(0);

      socket.join();
      expect(await screen.findByText('count 1')).toBeInTheDocument();
      await act(async () => {});
      expect(reads).toBe(1);
    });

    it('read again on each later join, since pushes were missed while it was down', async () => {
      writeAuth('token-1', { id: 1, username: 'maria' });
      const socket = fakeSocket({ connected: false });
      renderLive();
      socket.join();
      expect(await screen.findByText('count 1')).toBeInTheDocument();
      socket.connected = false;
      socket.join();
      expect(await screen.findByText('count 2')).toBeInTheDocument();
    });

    it('read without the connection once it has not joined for a while, and again when it joins', async () => {
      writeAuth('token-1', { id: 1, username: 'maria' });
      const socket = fakeSocket({ connected: false });
      renderLive();
      await new Promise((resolve) => setTimeout(resolve, JOIN_WAIT_MS / 2));
      expect(reads).toBe(0);
      expect(await screen.findByText('count 1', {}, { timeout: JOIN_WAIT_MS * 2 })).toBeInTheDocument();
      socket.join();
      expect(await screen.findByText('count 2')).toBeInTheDocument();
    });
  });
});
