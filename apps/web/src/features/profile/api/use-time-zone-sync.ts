import type { User } from '@gardenswap/shared/auth';
import type { TimeZoneInput } from '@gardenswap/shared/pickup';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';
import { useProfile } from './use-profile';

/** How long after the first screen the sync waits before it asks, then for an idle moment at the most. */
export const TIME_ZONE_SYNC_AFTER_MS = 10_000;
const IDLE_TIMEOUT_MS = 5_000;

/** Runs `work` a while after the first screen, once the browser is idle; the function returned cancels it. */
function later(work: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    else work();
  }, TIME_ZONE_SYNC_AFTER_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** The browser's IANA time zone, when it tells one. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/**
 * Tells the server the browser's time zone (PUT /auth/time-zone) when the profile holds another, so
 * e-mails show pickup times as the member reads them; once per member and session, even if it fails.
 */
export function useTimeZoneSync() {
  const queryClient = useQueryClient();
  const profile = useProfile();
  // The member it was sent for: a failure is not retried until another member signs in.
  const sentFor = useRef<number>(undefined);
  const memberId = profile.data?.id;
  const stored = profile.data?.time_zone;
  useEffect(() => {
    if (memberId === undefined || sentFor.current === memberId) return;
    // Asking Intl for the zone loads its data: a long task on a phone, so well after the first screen.
    return later(() => {
      const zone = browserTimeZone();
      if (!zone || stored === zone || sentFor.current === memberId) return;
      sentFor.current = memberId;
      const input: TimeZoneInput = { time_zone: zone };
      api<void>('/auth/time-zone', { method: 'PUT', json: input }).then(
        () => queryClient.setQueryData<User>(profileKeys.me, (user) => user && { ...user, time_zone: zone }),
        () => undefined,
      );
    });
  }, [memberId, stored, queryClient]);
}
