import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-context';
import { writeAuth } from './auth-storage';
import { type SocketLike, setSocketForTests, useSocket, useSocketEvent } from './socket';

function fakeSocket() {
  const listeners: ((event: string, ...args: unknown[]) => void)[] = [];
  const socket = {
    connected: true,
    timeout: vi.fn(),
    emit: vi.fn(),
    onAny: vi.fn((l: (event: string, ...args: unknown[]) => void) => listeners.push(l)),
    offAny: vi.fn(),
    disconnect: vi.fn(),
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
});
