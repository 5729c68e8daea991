import { IsRestoringProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAuth } from '../auth-context';
import { useOnline } from './connectivity';

/** The longest the screens wait offline for what was kept on the device. */
export const RESTORE_WAIT_MS = 3_000;

// The device store and its persistence load apart from the first page, which a guest never needs.
const deviceData = () => Promise.all([import('./persisted-cache'), import('./forget-members')]);

/**
 * What the signed-in member last saw, kept on the device: restored as the app starts, then saved as
 * it changes. Online, the screens fetch at once and never wait for the device store (a restored copy
 * never overwrites a newer answer); offline, they wait for it, up to RESTORE_WAIT_MS. It follows the session: another member, or
 * none, never sees it, and it is deleted from the device as soon as the session is someone else's.
 */
export function OfflineCache({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { auth } = useAuth();
  const memberId = auth?.user.id ?? null;
  const [restoredFor, setRestoredFor] = useState<number | null>(null);
  const shownFor = useRef(memberId);
  const online = useOnline();

  // Before the screen paints for the new session, the last one's data leaves memory. Signed out, all
  // of it; another member signed in, screens not shown are dropped and those shown start over
  // (empty, then fetched for the new session).
  useLayoutEffect(() => {
    if (shownFor.current === memberId) return;
    if (shownFor.current !== null && memberId === null) queryClient.clear();
    else if (shownFor.current !== null) {
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.resetQueries();
    }
    shownFor.current = memberId;
  }, [memberId, queryClient]);

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    // A device store that never answers must not hold the screens back: they load from the network.
    const givenUp = new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS));
    const restored = deviceData().then(([{ keepMemberScreens }, { keepOnlyMember }]) => {
      if (cancelled) return;
      void keepOnlyMember(memberId);
      if (memberId === null) return;
      const kept = keepMemberScreens(queryClient, memberId);
      stop = kept.stop;
      return kept.restored;
    });
    void Promise.race([restored, givenUp])
      .catch(() => undefined)
      .then(() => {
        if (!cancelled && memberId !== null) setRestoredFor(memberId);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [memberId, queryClient]);

  const restoring = memberId !== null && restoredFor !== memberId;
  return <IsRestoringProvider value={restoring && !online}>{children}</IsRestoringProvider>;
}
