import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';

/** How long after a request got no answer the server is asked again, doubling up to the last. */
export const PROBE_DELAYS_MS = { first: 2_000, max: 60_000 };

/** A request that got no answer at all (the network, not the server, failed it). */
export const isConnectionError = (error: unknown) =>
  error instanceof ApiError && error.status === 0 && error.code === 'NETWORK';

let unreachable = false;
let probeDelay = PROBE_DELAYS_MS.first;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Whether requests can reach Gardenswap: the browser has a network and the server last answered. */
export const isOnline = () => browserOnline() && !unreachable;

function notify() {
  for (const listener of listeners) listener();
}

function stopProbing() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeDelay = PROBE_DELAYS_MS.first;
}

/** Asks the server again, backing off, until it answers; the browser's own `online` event may come first. */
function probeLater() {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => {
    if (!unreachable || !browserOnline()) return;
    void fetch('/api/health', { cache: 'no-store' }).then(
      // Any answer, even a 503, means the connection is back: the requests themselves say the rest.
      () => reportAnswer(),
      () => {
        probeDelay = Math.min(probeDelay * 2, PROBE_DELAYS_MS.max);
        probeLater();
      },
    );
  }, probeDelay);
}

/** A request got no answer while the browser says it is online: the app behaves as offline until one does. */
export function reportNoAnswer() {
  if (unreachable || !browserOnline()) return;
  unreachable = true;
  notify();
  probeLater();
}

/** A request got an answer: whatever failed before, the server is reachable. */
export function reportAnswer() {
  if (!unreachable) return;
  unreachable = false;
  stopProbing();
  notify();
}

let watching = false;
function watchBrowser() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  // The network came back: try the server again at once rather than at the next probe.
  window.addEventListener('online', () => {
    unreachable = false;
    stopProbing();
    notify();
  });
  window.addEventListener('offline', notify);
}

/** Calls `listener` whenever `isOnline()` may have changed. */
export function subscribeConnectivity(listener: () => void) {
  watchBrowser();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * TanStack Query pauses and resumes by our reckoning, not only the browser's: a server out of reach
 * pauses queries (what was cached stays on screen), and its return refetches them.
 */
export function driveOnlineManager() {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeConnectivity(() => setOnline(isOnline()));
  });
}

/** Whether requests can reach Gardenswap, re-rendering when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
