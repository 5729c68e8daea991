/** Query keys of the push feature. */
export const pushKeys = {
  all: ['push'] as const,
  /** GET /push/settings: the member's switches, the server's key and how many devices receive pushes. */
  settings: () => [...pushKeys.all, 'settings'] as const,
  /** Whether this browser holds a push subscription (the browser's word, not the server's). */
  device: () => [...pushKeys.all, 'device'] as const,
};
