import { MODERATION_TEXTS, type ModerationLogEntry, type ReportGroup } from '@gardenswap/shared/moderation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import ModerationPage from './moderation-page';

const ME = buildUser({
  username: 'mod_rosa',
  email: 'rosa@example.org',
  first_name: 'Rosa',
  last_name: 'Diaz',
  friend_count: 0,
  profile_picture: null,
  city: null,
  state: null,
  zip_code: null,
  is_moderator: true,
});
const OWNER = {
  id: 7,
  username: 'bean_seller',
  profile_picture: null,
  city: 'Provo',
  state: 'UT',
  friend_count: 2,
  created_at: '2025-01-01T10:00:00.000Z',
  is_moderator: false,
  suspended: false,
  suspended_until: null,
};
const GROUP: ReportGroup = {
  target_type: 'listing',
  target_id: 31,
  latest_at: '2025-05-02T10:00:00.000Z',
  target: {
    type: 'listing',
    listing: {
      id: 31,
      title: 'Magic beans',
      description: 'Grow to the sky',
      thumbnail: null,
      is_public: true,
      is_active: true,
      hidden_reason: null,
      created_at: '2025-05-01T10:00:00.000Z',
    },
    member: OWNER,
  },
  reports: [
    {
      id: 3,
      reason: 'Beans are not magic',
      created_at: '2025-05-02T10:00:00.000Z',
      reporter: { id: 4, username: 'ann' },
    },
    { id: 2, reason: 'Fake', created_at: '2025-05-01T12:00:00.000Z', reporter: { id: 5, username: 'ben' } },
  ],
};
const LOGGED: ModerationLogEntry = {
  id: 9,
  action: 'hide_listing',
  moderator: { id: 1, username: 'mod_rosa' },
  target_type: 'listing',
  target_id: 31,
  target_label: '“Magic beans”',
  member: { id: 7, username: 'bean_seller' },
  note: 'Misleading',
  suspended_until: null,
  reports_resolved: 2,
  created_at: '2025-05-02T11:00:00.000Z',
};

function open({ profile = ME, groups = [GROUP], log = [] as ModerationLogEntry[] } = {}) {
  const posted: unknown[] = [];
  let current = { groups, log };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/profile') return json(profile);
    if (path === '/api/moderation/reports') return json(current.groups);
    if (path === '/api/moderation/log') return json(current.log);
    if (method === 'POST' && path === '/api/moderation/actions') {
      posted.push(JSON.parse(String(init!.body)));
      current = { groups: [], log: [LOGGED] };
      return json(LOGGED, 201);
    }
    return json({ detail: `No stub for ${method} ${path}`, code: 'TEST' }, 500);
  });
  renderWithProviders(<ModerationPage />, {
    route: '/moderation',
    path: '/moderation',
    auth: { id: 1, username: 'mod_rosa' },
  });
  return { posted };
}

afterEach(() => vi.restoreAllMocks());

describe('the moderation page', () => {
  it('shows a member who is not a moderator a not-found screen and asks for no reports', async () => {
    open({ profile: { ...ME, is_moderator: false } });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    const paths = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(paths.some((p) => p.includes('/moderation/'))).toBe(false);
  });

  it('shows each target in context with its reasons and reporters, and the empty audit log', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Listing “Magic beans”' })).toBeInTheDocument();
    expect(screen.getByText('Grow to the sky')).toBeInTheDocument();
    expect(screen.getByText('2 reports')).toBeInTheDocument();
    const reports = screen.getByRole('list', { name: 'Reports' });
    expect(within(reports).getByText('“Beans are not magic”')).toBeInTheDocument();
    expect(within(reports).getByRole('link', { name: 'ben' })).toHaveAttribute('href', '/seller/5');
    expect(await screen.findByText(MODERATION_TEXTS.logEmpty)).toBeInTheDocument();
  });

  it('hides a listing after asking for a reason and a confirmation, then shows the log entry', async () => {
    const user = userEvent.setup();
    const { posted } = open();
    await user.click(await screen.findByRole('button', { name: 'Hide listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(within(dialog).getByText(MODERATION_TEXTS.noteShort)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Misleading');
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() =>
      expect(posted).toEqual([{ action: 'hide_listing', target_type: 'listing', target_id: 31, note: 'Misleading' }]),
    );
    expect(await screen.findByText(MODERATION_TEXTS.empty)).toBeInTheDocument();
    expect(await screen.findByText(/hid the listing “Magic beans”/)).toBeInTheDocument();
    expect(screen.getByText('“Misleading”')).toBeInTheDocument();
  });

  it('suspends for a number of days, or for good', async () => {
    const user = userEvent.setup();
    const { posted } = open();
    await user.click(await screen.findByRole('button', { name: 'Suspend bean_seller' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend member' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Scamming members');
    await user.clear(within(dialog).getByLabelText('Days'));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    expect(within(dialog).getByText(MODERATION_TEXTS.daysInvalid)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('For good'));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { action: 'suspend', target_type: 'listing', target_id: 31, note: 'Scamming members', days: null },
      ]),
    );
  });

  it('offers no actions on reports about the moderator themselves', async () => {
    open({
      groups: [{ ...GROUP, target_type: 'user', target_id: 1, target: { type: 'user', member: { ...OWNER, id: 1 } } }],
    });
    expect(await screen.findByText(MODERATION_TEXTS.aboutYou)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('says when the reports cannot be loaded, with a way to try again', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/profile') return json(ME);
      if (path === '/api/moderation/log') return json([]);
      return json({ detail: 'down', code: 'INTERNAL' }, 500);
    });
    renderWithProviders(<ModerationPage />, {
      route: '/moderation',
      path: '/moderation',
      auth: { id: 1, username: 'mod_rosa' },
    });
    expect(await screen.findByText('Failed to load the reports. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
