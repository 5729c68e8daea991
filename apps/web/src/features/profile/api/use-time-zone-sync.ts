import type { User } from '@gardenswap/shared/auth';
import type { TimeZoneInput } from '@gardenswap/shared/pickup';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';
import { useProfile } from './use-profile';

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
    const zone = browserTimeZone();
    if (memberId === undefined || !zone || stored === zone || sentFor.current === memberId) return;
    sentFor.current = memberId;
    const input: TimeZoneInput = { time_zone: zone };
    api<void>('/auth/time-zone', { method: 'PUT', json: input }).then(
      () => queryClient.setQueryData<User>(profileKeys.me, (user) => user && { ...user, time_zone: zone }),
      () => undefined,
    );
  }, [memberId, stored, queryClient]);
}
