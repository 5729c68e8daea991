import {
  type HiddenEvent,
  type HiddenListing,
  MODERATION_TEXTS,
  type ModerationLogEntry,
  type ReportGroup,
  type SuspendedMember,
} from '@gardenswap/shared/moderation';
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
const SWAP = {
  id: 12,
  title: 'Spring seed swap',
  description: 'Bring seeds',
  thumbnail: null,
  starts_at: '2025-06-14T16:00:00.000Z',
  place_name: 'Liberty Park pavilion',
  address: '600 E 900 S',
  zip_code: '84105',
  cancelled_at: null,
  hidden_reason: null,
  created_at: '2025-05-01T10:00:00.000Z',
};
const EVENT_GROUP: ReportGroup = {
  target_type: 'event',
  target_id: 12,
  latest_at: '2025-05-02T10:00:00.000Z',
  target: { type: 'event', event: SWAP, member: OWNER },
  reports: [
    {
      id: 4,
      reason: 'Selling, not swapping',
      created_at: '2025-05-02T10:00:00.000Z',
      reporter: GROUP.reports[0]!.reporter,
    },
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

const SUSPENDED: SuspendedMember = {
  member: { ...OWNER, suspended: true, suspended_until: null },
  suspended_at: '2025-05-03T09:00:00.000Z',
  reason: 'Scamming members',
};
const HIDDEN: HiddenListing = {
  listing: {
    ...(GROUP.target as Extract<ReportGroup['target'], { type: 'listing' }>).listing,
    hidden_reason: 'Misleading',
  },
  member: OWNER,
};
const LIFTED: ModerationLogEntry = {
  ...LOGGED,
  id: 10,
  action: 'lift_suspension',
  target_type: 'user',
  target_id: 7,
  target_label: 'bean_seller',
  note: 'Appeal accepted',
  reports_resolved: 0,
};
const UNHIDDEN: ModerationLogEntry = {
  ...LOGGED,
  id: 11,
  action: 'unhide_listing',
  note: 'Fine after all',
  reports_resolved: 0,
};

function open({
  profile = ME,
  groups = [GROUP],
  log = [] as ModerationLogEntry[],
  suspended = [] as SuspendedMember[],
  hidden = [] as HiddenListing[],
  hiddenEvents = [] as HiddenEvent[],
} = {}) {
  const posted: unknown[] = [];
  const postedTo: string[] = [];
  let current = { groups, log, suspended, hidden, hiddenEvents };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/profile') return json(profile);
    if (path === '/api/moderation/reports') return json(current.groups);
    if (path === '/api/moderation/log') return json(current.log);
    if (path === '/api/moderation/suspended-members') return json(current.suspended);
    if (path === '/api/moderation/hidden-listings') return json(current.hidden);
    if (path === '/api/moderation/hidden-events') return json(current.hiddenEvents);
    if (method === 'POST') {
      posted.push(JSON.parse(String(init!.body)));
      postedTo.push(path);
    }
    if (method === 'POST' && path === '/api/moderation/actions') {
      current = { ...current, groups: [], log: [LOGGED] };
      return json(LOGGED, 201);
    }
    if (method === 'POST' && path === '/api/moderation/suspended-members/7/lift') {
      current = { ...current, suspended: [], log: [LIFTED] };
      return json(LIFTED, 201);
    }
    if (method === 'POST' && path === '/api/moderation/hidden-events/12/unhide') {
      current = { ...current, hiddenEvents: [], log: [{ ...UNHIDDEN, action: 'unhide_event', target_type: 'event' }] };
      return json(UNHIDDEN, 201);
    }
    if (method === 'POST' && path === '/api/moderation/hidden-listings/31/unhide') {
      current = { ...current, hidden: [], log: [UNHIDDEN] };
      return json(UNHIDDEN, 201);
    }
    return json({ detail: `No stub for ${method} ${path}`, code: 'TEST' }, 500);
  });
  renderWithProviders(<ModerationPage />, {
    route: '/moderation',
    path: '/moderation',
    auth: { id: 1, username: 'mod_rosa' },
  });
  return { posted, postedTo };
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
      if (
        [
          '/api/moderation/log',
          '/api/moderation/suspended-members',
          '/api/moderation/hidden-listings',
          '/api/moderation/hidden-events',
        ].includes(path)
      )
        return json([]);
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

  it('lists the suspended members with the reason and the hidden listings with their owner', async () => {
    open({ groups: [], suspended: [SUSPENDED], hidden: [HIDDEN] });
    const suspended = await screen.findByRole('list', { name: MODERATION_TEXTS.suspendedTitle });
    expect(within(suspended).getByRole('link', { name: 'bean_seller' })).toHaveAttribute('href', '/seller/7');
    expect(within(suspended).getByText('Suspended for good')).toBeInTheDocument();
    expect(within(suspended).getByText('“Scamming members”')).toBeInTheDocument();
    const hidden = await screen.findByRole('list', { name: MODERATION_TEXTS.hiddenTitle });
    expect(within(hidden).getByRole('heading', { name: 'Magic beans' })).toBeInTheDocument();
    expect(within(hidden).getByText(`${MODERATION_TEXTS.hiddenNotice}: Misleading`)).toBeInTheDocument();
  });

  it('shows a reported event with its host, and hides it after asking for a reason', async () => {
    const user = userEvent.setup();
    const { posted } = open({ groups: [EVENT_GROUP] });
    const card = (await screen.findByRole('heading', { name: 'Event “Spring seed swap”' })).closest('li')!;
    expect(within(card).getByText(/Liberty Park pavilion, 600 E 900 S, 84105/)).toBeInTheDocument();
    expect(within(card).getByText('“Selling, not swapping”')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'bean_seller' })).toHaveAttribute('href', '/seller/7');
    expect(within(card).queryByRole('button', { name: 'Hide listing' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hide event' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide event' });
    expect(dialog).toHaveTextContent('Hide the event “Spring seed swap” from everyone but its host.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Selling, not swapping');
    await user.click(within(dialog).getByRole('button', { name: 'Hide event' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { action: 'hide_event', target_type: 'event', target_id: 12, note: 'Selling, not swapping' },
      ]),
    );
  });

  it('lists the hidden events with their host, and unhides one after asking for a reason', async () => {
    const user = userEvent.setup();
    const { posted, postedTo } = open({
      groups: [],
      hiddenEvents: [{ event: { ...SWAP, hidden_reason: 'Selling' }, member: OWNER }],
    });
    const hidden = await screen.findByRole('list', { name: MODERATION_TEXTS.hiddenEventsTitle });
    expect(within(hidden).getByRole('heading', { name: 'Spring seed swap' })).toBeInTheDocument();
    expect(within(hidden).getByText(`${MODERATION_TEXTS.hiddenNotice}: Selling`)).toBeInTheDocument();
    await user.click(within(hidden).getByRole('button', { name: 'Unhide “Spring seed swap”' }));
    const dialog = screen.getByRole('dialog', { name: 'Unhide event' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Fine after all');
    await user.click(within(dialog).getByRole('button', { name: 'Unhide event' }));
    await waitFor(() => expect(posted).toEqual([{ note: 'Fine after all' }]));
    expect(postedTo).toEqual(['/api/moderation/hidden-events/12/unhide']);
    expect(await screen.findByText(MODERATION_TEXTS.hiddenEventsEmpty)).toBeInTheDocument();
  });

  it('says when no member is suspended and no listing hidden', async () => {
    open({ groups: [] });
    expect(await screen.findByText(MODERATION_TEXTS.suspendedEmpty)).toBeInTheDocument();
    expect(await screen.findByText(MODERATION_TEXTS.hiddenEmpty)).toBeInTheDocument();
  });

  it('lifts a suspension after asking for a reason and a confirmation, then shows the log entry', async () => {
    const user = userEvent.setup();
    const { posted, postedTo } = open({ groups: [], suspended: [SUSPENDED] });
    await user.click(await screen.findByRole('button', { name: 'Lift suspension of bean_seller' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift suspension' });
    expect(dialog).toHaveTextContent('can sign in again at once');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    expect(within(dialog).getByText(MODERATION_TEXTS.noteShort)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(posted).toEqual([{ note: 'Appeal accepted' }]));
    expect(postedTo).toEqual(['/api/moderation/suspended-members/7/lift']);
    expect(await screen.findByText('Lifted the suspension of bean_seller.')).toBeInTheDocument();
    expect(await screen.findByText(MODERATION_TEXTS.suspendedEmpty)).toBeInTheDocument();
    expect(await screen.findByText(/lifted the suspension of bean_seller/)).toBeInTheDocument();
    expect(screen.getByText('“Appeal accepted”')).toBeInTheDocument();
  });

  it('unhides a listing after asking for a reason and a confirmation, then shows the log entry', async () => {
    const user = userEvent.setup();
    const { posted, postedTo } = open({ groups: [], hidden: [HIDDEN] });
    await user.click(await screen.findByRole('button', { name: 'Unhide “Magic beans”' }));
    const dialog = screen.getByRole('dialog', { name: 'Unhide listing' });
    expect(dialog).toHaveTextContent('The owner is told why');
    await user.type(within(dialog).getByLabelText('Reason'), 'Fine after all');
    await user.click(within(dialog).getByRole('button', { name: 'Unhide listing' }));
    await waitFor(() => expect(posted).toEqual([{ note: 'Fine after all' }]));
    expect(postedTo).toEqual(['/api/moderation/hidden-listings/31/unhide']);
    expect(await screen.findByText(MODERATION_TEXTS.hiddenEmpty)).toBeInTheDocument();
    expect(await screen.findByText(/unhid the listing “Magic beans”/)).toBeInTheDocument();
  });

  it("offers no way back on the moderator's own suspension or listing", async () => {
    const mine = { ...OWNER, id: 1, username: 'mod_rosa' };
    open({
      groups: [],
      suspended: [{ ...SUSPENDED, member: { ...mine, suspended: true } }],
      hidden: [{ ...HIDDEN, member: mine }],
    });
    await waitFor(() => expect(screen.getAllByText(MODERATION_TEXTS.aboutYouItem)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /Lift suspension/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unhide/ })).not.toBeInTheDocument();
  });

  it('names a member who deleted their account "Deleted member" in the audit log', async () => {
    open({
      groups: [],
      log: [{ ...LOGGED, action: 'warn', moderator: { id: null, username: 'Deleted member' } }],
    });
    const log = await screen.findByRole('list', { name: MODERATION_TEXTS.logTitle });
    expect(within(log).getByText('Deleted member')).toBeInTheDocument();
  });
});
