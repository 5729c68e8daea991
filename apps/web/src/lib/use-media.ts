import { useSyncExternalStore } from 'react';

/** True while a media query matches (the layout's 768 px breakpoint, say). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
