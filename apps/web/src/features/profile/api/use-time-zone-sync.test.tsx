import type { User } from '@gardenswap/shared/auth';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileKeys } from '../../../lib/query-keys';
import { calls, mockApi } from '../../../test/api-stubs';
import { buildUser } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import { TIME_ZONE_SYNC_AFTER_MS, useTimeZoneSync } from './use-time-zone-sync';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const otherZone = browserZone === 'Asia/Kathmandu' ? 'America/Denver' : 'Asia/Kathmandu';

function SignedInPage() {
  useTimeZoneSync();
  return <p>Signed in</p>;
}

/** Opens a signed-in screen and lets the first screen's while pass once the profile is in. */
async function open() {
  const rendered = renderWithProviders(<SignedInPage />, { auth: { id: 1, username: 'maria' } });
  await waitFor(() => expect(rendered.queryClient.getQueryData(profileKeys.me)).toBeDefined());
  // Nothing is asked while the first screen settles.
  act(() => vi.advanceTimersByTime(TIME_ZONE_SYNC_AFTER_MS - 1_000));
  expect(calls(spy!)).not.toContain('PUT /api/auth/time-zone');
  act(() => vi.advanceTimersByTime(1_000));
  return rendered;
}
let spy: ReturnType<typeof mockApi> | undefined;

describe('the member’s time zone', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is told to the server once when the profile holds another than the browser’s', async () => {
    const sent: unknown[] = [];
    spy = mockApi({
      'GET /api/auth/profile': json(buildUser({ time_zone: otherZone })),
      'PUT /api/auth/time-zone': ({ body }) => (sent.push(body), json(null, 204)),
    });
    const { queryClient } = await open();
    await waitFor(() => expect(sent).toEqual([{ time_zone: browserZone }]));
    await waitFor(() => expect(queryClient.getQueryData<User>(profileKeys.me)?.time_zone).toBe(browserZone));
    await queryClient.invalidateQueries({ queryKey: profileKeys.me });
    expect(calls(spy!).filter((c) => c === 'PUT /api/auth/time-zone')).toHaveLength(1);
  });

  it('is told when the profile holds none yet, and not asked again after a failure', async () => {
    spy = mockApi({
      'GET /api/auth/profile': json(buildUser({ time_zone: null })),
      'PUT /api/auth/time-zone': json({ detail: 'Unknown time zone', code: 'VALIDATION_FAILED' }, 422),
    });
    const { queryClient } = await open();
    await waitFor(() => expect(calls(spy!)).toContain('PUT /api/auth/time-zone'));
    await queryClient.invalidateQueries({ queryKey: profileKeys.me });
    expect(calls(spy!).filter((c) => c === 'PUT /api/auth/time-zone')).toHaveLength(1);
  });

  it('is left alone when the profile already holds the browser’s', async () => {
    spy = mockApi({ 'GET /api/auth/profile': json(buildUser({ time_zone: browserZone })) });
    const { queryClient } = await open();
    await waitFor(() => expect(queryClient.getQueryData(profileKeys.me)).toBeDefined());
    expect(calls(spy!)).toEqual(['GET /api/auth/profile']);
  });
});
