import type { Session } from '@gardenswap/shared/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { lastSeenLabel } from './last-seen';
import { SignedInSessions } from './signed-in-sessions';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const LAPTOP: Session = {
  id: 3,
  browser: 'Firefox on Windows',
  created_at: minutesAgo(3 * 24 * 60),
  last_seen_at: minutesAgo(0),
  current: true,
};
const PHONE: Session = {
  id: 7,
  browser: 'Safari on iOS',
  created_at: minutesAgo(10 * 24 * 60),
  last_seen_at: minutesAgo(2 * 60 + 5),
  current: false,
};
const TABLET: Session = {
  id: 9,
  browser: 'Chrome on Android',
  created_at: minutesAgo(60),
  last_seen_at: minutesAgo(1),
  current: false,
};

afterEach(() => vi.restoreAllMocks());

/** Stubs the sessions API around a list the server changes as the member signs sessions out. */
function serve(initial: Session[], overrides: { list?: () => Response; signOut?: () => Response } = {}) {
  let sessions = [...initial];
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${path}`);
    if (method === 'GET' && path === '/api/auth/sessions') return overrides.list?.() ?? json(sessions);
    const one = /^\/api\/auth\/sessions\/(\d+)$/.exec(path);
    if (method === 'DELETE' && one) {
      if (overrides.signOut) return overrides.signOut();
      sessions = sessions.filter((s) => s.id !== Number(one[1]));
      return json(null, 204);
    }
    if (method === 'POST' && path === '/api/auth/sessions/sign-out-others') {
      const count = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return json({ signed_out: count });
    }
    return json({ detail: `No stub for ${method} ${path}`, code: 'TEST' }, 500);
  });
  renderWithProviders(<SignedInSessions />, { auth: { id: 1, username: 'maria' } });
  return calls;
}

const itemOf = (browser: string) => screen.getByText(browser).closest('li')!;

describe('signed-in sessions on the profile', () => {
  it('lists each session with its browser and last use, this device marked and the others each with Sign out', async () => {
    serve([LAPTOP, PHONE, TABLET]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading sessions...');
    expect(await screen.findByText('Firefox on Windows')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Signed-in sessions' })).toBeInTheDocument();

    const laptop = within(itemOf('Firefox on Windows'));
    expect(laptop.getByText('This device')).toBeInTheDocument();
    expect(laptop.getByText(/Active now/)).toBeInTheDocument();
    expect(laptop.queryByRole('button')).not.toBeInTheDocument();

    const phone = within(itemOf('Safari on iOS'));
    expect(phone.getByText(/2 hours ago/)).toBeInTheDocument();
    expect(phone.getByRole('button', { name: /^Sign out Safari on iOS/ })).toBeEnabled();
    expect(within(itemOf('Chrome on Android')).getByText(/Active now/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Sign out (?!everywhere)/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled();
  });

  it('signs one session out and shows the list as it is afterwards', async () => {
    const calls = serve([LAPTOP, PHONE, TABLET]);
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(calls).toContain('DELETE /api/auth/sessions/7');
    expect(calls.filter((c) => c === 'GET /api/auth/sessions')).toHaveLength(2);
    expect(screen.getByText('Chrome on Android')).toBeInTheDocument();
  });

  it('signs out everywhere else, keeps this device and says how many ended', async () => {
    const calls = serve([LAPTOP, PHONE, TABLET]);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(calls).toContain('POST /api/auth/sessions/sign-out-others');
    expect(screen.getByText('Firefox on Windows')).toBeInTheDocument();
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(screen.getByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('says so when this device is the only session', async () => {
    serve([LAPTOP]);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    serve([LAPTOP, PHONE], { list: () => (fail ? json({ detail: 'x', code: 'INTERNAL' }, 500) : json([LAPTOP])) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your sessions.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Firefox on Windows')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s answer when a sign-out fails, and reads the list again', async () => {
    const calls = serve([LAPTOP, PHONE], {
      signOut: () => json({ detail: 'Session not found', code: 'NOT_FOUND' }, 404),
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/sessions')).toHaveLength(2));
  });
});

describe('last seen', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each([
    ['2026-11-25T11:58:00Z', 'Active now'],
    ['2026-11-25T11:50:00Z', '10 minutes ago'],
    ['2026-11-25T09:30:00Z', '2 hours ago'],
    ['2026-11-24T11:00:00Z', '1 day ago'],
    ['2026-11-10T12:00:00Z', '2 weeks ago'],
  ])('reads %s as "%s"', (iso, label) => {
    expect(lastSeenLabel(iso, now)).toBe(label);
  });
});
