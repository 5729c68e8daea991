import { useSyncExternalStore } from 'react';

/** What "Reload" does once a new release waits: null while there is none. */
let reload: (() => void) | null = null;
const subscribers = new Set<() => void>();

/** A new release is installed and waits for the member; `apply` switches to it (null: none waits). */
export function announceUpdate(apply: (() => void) | null) {
  reload = apply;
  subscribers.forEach((notify) => notify());
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => {
    subscribers.delete(notify);
  };
}

/** The waiting release's "Reload", or null while the page runs the newest one. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => reload,
    () => null,
  );
}
