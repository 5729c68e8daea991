import type { ClientToServerEvents, ServerToClientEvents } from '@gardenswap/shared/socket';
import type { Socket } from 'socket.io-client';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAuth } from './auth-context';
import { readAuth } from './auth-storage';

/** The app's socket, typed with the shared event maps. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * What the app uses of a socket. A component test passes a stand-in of this shape to
 * `setSocketForTests`; the app itself always gets a real socket.io client.
 */
export type SocketLike = Pick<AppSocket, 'connected' | 'emit' | 'timeout' | 'onAny' | 'offAny' | 'disconnect' | 'on'>;

type ServerEvent = keyof ServerToClientEvents;
type AnyHandler = (...args: unknown[]) => void;

interface Session {
  token: string;
  socket: SocketLike | null;
  closed: boolean;
  retry?: ReturnType<typeof setTimeout>;
  /** Stops waiting for the first join (see useLiveReady). */
  waitForJoin?: ReturnType<typeof setTimeout>;
}

/** The library does not retry a handshake the server refused or a socket it closed; we do, after 5-10 s. */
const SERVER_RETRY_MS = 5_000;
/** How long the live screens' first fetch waits for the connection to join before going ahead without it. */
export const JOIN_WAIT_MS = 2_000;

let session: Session | null = null;
let connectedSocket: SocketLike | null = null;
let testSocket: SocketLike | null = null;
const subscribers = new Set<() => void>();
const handlers = new Map<string, Set<AnyHandler>>();
/** What each live screen refetches when the connection joins, since the server's pushes before it were missed. */
const catchUps = new Set<{ current: () => void }>();
/** The session whose live screens may fetch: its connection joined once, or could not join soon. */
let liveToken: string | null = null;

const notifyAll = () => {
  for (const notify of subscribers) notify();
};

function publish(next: SocketLike | null) {
  if (connectedSocket === next) return;
  connectedSocket = next;
  notifyAll();
}

/** The live screens' first fetch goes ahead: the connection joined, or it is not joining soon. */
function letLiveFetch(s: Session) {
  clearTimeout(s.waitForJoin);
  if (session !== s || liveToken === s.token) return;
  liveToken = s.token;
  notifyAll();
}

/**
 * The connection joined its member's rooms: what was read before now may have missed a push, so
 * each live screen catches up (those still waiting for this first join are only marked stale), and
 * then the waiting ones fetch.
 */
function joined(s: Session, socket: SocketLike) {
  if (session !== s) return;
  // Each connection starts unknown to the server, a reconnection too.
  reportFocus(socket, true);
  for (const catchUp of catchUps) catchUp.current();
  publish(socket);
  letLiveFetch(s);
}

/** Whether the member is looking at this tab: the server pushes nothing to a member who is. */
const tabInFront = () => document.visibilityState === 'visible' && document.hasFocus();
let reportedFocus: boolean | undefined;

/** Tells the server (tab_focus) whether this tab is in front, on connect (`always`) and on each change. */
function reportFocus(socket: SocketLike, always = false) {
  const focused = tabInFront();
  if (!always && focused === reportedFocus) return;
  reportedFocus = focused;
  socket.emit('tab_focus', { focused });
}

let watchingFocus = false;
function watchFocus() {
  if (watchingFocus) return;
  watchingFocus = true;
  const onChange = () => {
    if (connectedSocket) reportFocus(connectedSocket);
  };
  window.addEventListener('focus', onChange);
  window.addEventListener('blur', onChange);
  document.addEventListener('visibilitychange', onChange);
}

function dispatch(event: string, ...args: unknown[]) {
  for (const handler of handlers.get(event) ?? []) handler(...args);
}

function forget(s: Session) {
  s.closed = true;
  clearTimeout(s.retry);
  // Closed, it will not join: the live screens wait no longer.
  letLiveFetch(s);
  s.socket?.offAny(dispatch);
  s.socket?.disconnect();
  if (session === s) {
    session = null;
    publish(null);
  }
}

/** Opens the session's one socket, unless it is already open for this token. */
function open(token: string) {
  if (session && session.token === token && !session.closed) return;
  if (session) forget(session);
  const s: Session = { token, socket: null, closed: false };
  session = s;
  watchFocus();
  // A new connection for the same session (after a close): its screens wait for it again.
  if (liveToken === token) {
    liveToken = null;
    notifyAll();
  }
  s.waitForJoin = setTimeout(() => letLiveFetch(s), JOIN_WAIT_MS);
  if (testSocket) {
    const socket = testSocket;
    s.socket = socket;
    socket.onAny(dispatch);
    socket.on('connect', () => joined(s, socket));
    if (socket.connected) joined(s, socket);
    return;
  }
  // Loaded on first use, so the socket library stays out of pages that never talk in real time.
  import('socket.io-client')
    .then(({ io }) => {
      if (s.closed) return;
      const socket: AppSocket = io({ path: '/socket.io', transports: ['websocket'], auth: { token } });
      s.socket = socket;
      socket.onAny(dispatch);
      socket.on('connect', () => joined(s, socket));
      // Signed out while no page using the socket was open: nothing else would notice.
      const sessionEnded = () => readAuth()?.token !== token;
      const retryLater = () => {
        clearTimeout(s.retry);
        s.retry = setTimeout(
          () => {
            if (s.closed || socket.connected) return;
            if (sessionEnded()) forget(s);
            else socket.connect();
          },
          SERVER_RETRY_MS + Math.random() * SERVER_RETRY_MS,
        );
      };
      socket.on('disconnect', (reason) => {
        if (session === s) publish(null);
        if (reason !== 'io server disconnect') return;
        // The server closed it: after a logout or expiry that is the end; after a restart, try again
        // (the library leaves it closed), and a revoked token is then refused as unauthorized.
        if (sessionEnded()) forget(s);
        else retryLater();
      });
      socket.io.on('reconnect_attempt', () => {
        if (sessionEnded()) forget(s);
      });
      socket.on('connect_error', (error) => {
        // Not joining now: the live screens fetch without it and catch up when it joins.
        letLiveFetch(s);
        if (error.message === 'unauthorized') forget(s);
        else if (!socket.active) retryLater();
      });
    })
    .catch(() => {
      // The chunk did not load (offline, a new deploy): the next page that needs the socket tries again.
      letLiveFetch(s);
      if (session === s) session = null;
    });
}

/** Closes and forgets the socket (the session ended). */
export function closeSocket() {
  if (session) forget(session);
}

/** Test seam: the next session talks to `socket` instead of a server; null restores the real client. */
export function setSocketForTests(socket: SocketLike | null) {
  closeSocket();
  liveToken = null;
  testSocket = socket;
}

/**
 * Keeps the one socket in step with the session: opened for the signed-in member, closed when they
 * leave. The socket hooks call it; a layout that lives as long as the session may call it too.
 */
export function useSocketSession() {
  const { auth } = useAuth();
  const token = auth?.token;
  useEffect(() => {
    if (!token) {
      closeSocket();
      return;
    }
    open(token);
    return () => {
      // Signing out unmounts the signed-in pages before any of them sees the new session, but the
      // stored session is already gone by then: that is how a leaving page tells it ended.
      if (readAuth()?.token !== token) closeSocket();
    };
  }, [token]);
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => {
    subscribers.delete(notify);
  };
}

/** The session's socket once it is connected, else null (connecting, offline, signed out). */
export function useSocket(): SocketLike | null {
  useSocketSession();
  return useSyncExternalStore(
    subscribe,
    () => connectedSocket,
    () => null,
  );
}

/** Calls `handler` for each `event` the server pushes while the component is mounted. */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: ServerToClientEvents[E]) {
  useSocketSession();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: AnyHandler = (...args) => (latest.current as AnyHandler)(...args);
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [event]);
}

/**
 * Whether a screen kept live by the socket may fetch: once the connection has joined (a read after
 * the join misses no push, so nothing needs fetching twice), or once it could not join soon. Always
 * true signed out.
 */
export function useLiveReady(): boolean {
  useSocketSession();
  const { auth } = useAuth();
  const token = auth?.token ?? null;
  // Followed in a transition rather than an external store: the screens that waited render and start
  // their fetches in slices after the join, not inside the join's own task.
  const [live, setLive] = useState(liveToken);
  useEffect(() => {
    const follow = () => startTransition(() => setLive(liveToken));
    follow();
    return subscribe(follow);
  }, []);
  return token === null || live === token;
}

/**
 * Calls `catchUp` each time the live connection joins (a reconnect, or the first join of a page
 * whose screens fetched before it): what the server pushed meanwhile was missed, so the screen
 * refetches. Called as the connection joins, so it re-renders nothing by itself.
 */
export function useCatchUpOnConnect(catchUp: () => void) {
  useSocketSession();
  const latest = useRef(catchUp);
  useLayoutEffect(() => {
    latest.current = catchUp;
  });
  useEffect(() => {
    catchUps.add(latest);
    return () => {
      catchUps.delete(latest);
    };
  }, []);
}
