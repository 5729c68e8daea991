import {
  MESSAGE_CONTEXT_AROUND,
  MODERATION_REPORTS_LIMIT,
  type ModerationListing,
  type ModerationMember,
  type ModerationMessage,
  type ModerationTarget,
  type ReportGroup,
  type ReportTargetType,
} from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';
import { friendCountOf } from '../relations/index.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { isSuspendedNow } from '../auth/suspensions.queries.js';
import { MODERATION_EVENT_COLUMNS, eventLabel, toModerationEvent } from './moderation-event.js';

/** Whether the member was marked a moderator by the operator. */
export async function isModerator(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_moderator', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks or unmarks a member as moderator by e-mail; the member, or undefined when no one has it. */
export async function setModerator(db: Executor, email: string, on: boolean) {
  return db
    .updateTable('users')
    .set({ is_moderator: on ? 1 : 0, updated_at: nowIso() })
    .where('email', '=', email.trim().toLowerCase())
    .returning(['id', 'email', 'username'])
    .executeTakeFirst();
}

/** Every moderator, by e-mail. */
export function listModerators(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where('is_moderator', '=', 1)
    .orderBy('email')
    .execute();
}

/** Members as a moderator sees them, by id. */
export async function membersById(db: Executor, ids: number[]): Promise<Map<number, ModerationMember>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'profile_picture',
      'city',
      'state',
      'created_at',
      'is_moderator',
      'suspended_at',
      'suspended_until',
    ])
    .select((eb) => friendCountOf(eb).as('friend_count'))
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => {
      const suspended = isSuspendedNow(row);
      return [
        row.id,
        {
          id: row.id,
          username: row.username,
          profile_picture: row.profile_picture,
          city: row.city,
          state: row.state,
          friend_count: Number(row.friend_count),
          created_at: toIso(row.created_at),
          is_moderator: row.is_moderator === 1,
          suspended,
          suspended_until: suspended ? toIso(row.suspended_until) : null,
        },
      ];
    }),
  );
}

/** The listing columns a moderator's view of a listing reads. */
export const MODERATION_LISTING_COLUMNS = [
  'listings.id',
  'listings.owner_id',
  'listings.title',
  'listings.description',
  'listings.thumbnail',
  'listings.is_public',
  'listings.is_active',
  'listings.hidden_reason',
  'listings.owner_suspended',
  'listings.created_at',
] as const;

/** A listing as a moderator sees it, its photo signed for them. */
export function toModerationListing(
  l: {
    id: number;
    title: string;
    description: string;
    thumbnail: string | null;
    is_public: number;
    is_active: number;
    hidden_reason: string | null;
    owner_suspended: number;
    created_at: string | Date;
  },
  sign: PhotoSigner,
): ModerationListing {
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    thumbnail: sign(l.thumbnail, {
      is_public: l.is_public === 1,
      is_active: l.is_active === 1,
      hidden: l.hidden_reason !== null || l.owner_suspended === 1,
    }),
    is_public: l.is_public === 1,
    is_active: l.is_active === 1,
    hidden_reason: l.hidden_reason,
    created_at: toIso(l.created_at),
  };
}

/** How the audit log names a message: by its sender, as they were called then. */
export const messageLabel = (senderUsername: string) => `a message from ${senderUsername}`;
/** How the audit log names a listing: its title then. */
export const listingLabel = (title: string) => `“${title}”`;

function messageSelect(db: Executor) {
  return db
    .selectFrom('messages')
    .innerJoin('users as sender', 'sender.id', 'messages.sender_id')
    .select([
      'messages.id',
      'messages.sender_id',
      'messages.receiver_id',
      'sender.username as sender_username',
      'messages.content',
      'messages.created_at',
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageSelect>['execute']>>[number];
const toMessage = (row: MessageRow): ModerationMessage => ({
  id: row.id,
  sender_id: row.sender_id,
  sender_username: row.sender_username,
  content: row.content,
  created_at: toIso(row.created_at),
});

/** The few messages either side of one, in that conversation only, oldest first. */
async function messageContext(db: Executor, message: MessageRow): Promise<ModerationMessage[]> {
  const pair = (q: ReturnType<typeof messageSelect>) =>
    q.where((eb) =>
      eb.or([
        eb.and([
          eb('messages.sender_id', '=', message.sender_id),
          eb('messages.receiver_id', '=', message.receiver_id),
        ]),
        eb.and([
          eb('messages.sender_id', '=', message.receiver_id),
          eb('messages.receiver_id', '=', message.sender_id),
        ]),
      ]),
    );
  const [before, after] = await Promise.all([
    pair(messageSelect(db))
      .where('messages.id', '<', message.id)
      .orderBy('messages.id', 'desc')
      .limit(MESSAGE_CONTEXT_AROUND)
      .execute(),
    pair(messageSelect(db))
      .where('messages.id', '>', message.id)
      .orderBy('messages.id', 'asc')
      .limit(MESSAGE_CONTEXT_AROUND)
      .execute(),
  ]);
  return [...before.reverse(), message, ...after].map(toMessage);
}

/**
 * The open reports, newest first, grouped by target (the group with the newest report first),
 * each target shown in context: the listing or event with its photo (signed for the moderator) and
 * owner, the message with the messages around it, or the member's public profile. A target that no
 * longer exists comes as null.
 */
export async function openReportGroups(db: Executor, sign: PhotoSigner): Promise<ReportGroup[]> {
  const reports = await db
    .selectFrom('reports')
    .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .select([
      'reports.id',
      'reports.target_type',
      'reports.target_id',
      'reports.reason',
      'reports.created_at',
      'reporter.id as reporter_id',
      'reporter.username as reporter_username',
    ])
    .where('reports.status', '=', 'open')
    .orderBy('reports.id', 'desc')
    .limit(MODERATION_REPORTS_LIMIT)
    .execute();

  const groups = new Map<string, ReportGroup>();
  for (const r of reports) {
    const key = `${r.target_type}:${r.target_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        target_type: r.target_type,
        target_id: r.target_id,
        latest_at: toIso(r.created_at),
        target: null,
        reports: [],
      };
      groups.set(key, group);
    }
    group.reports.push({
      id: r.id,
      reason: r.reason,
      created_at: toIso(r.created_at),
      reporter: { id: r.reporter_id, username: r.reporter_username },
    });
  }
  const idsOf = (type: ReportTargetType) =>
    [...groups.values()].filter((g) => g.target_type === type).map((g) => g.target_id);

  const listingIds = idsOf('listing');
  const listings = listingIds.length
    ? await db.selectFrom('listings').select(MODERATION_LISTING_COLUMNS).where('id', 'in', listingIds).execute()
    : [];
  const eventIds = idsOf('event');
  const events = eventIds.length
    ? await db.selectFrom('events').select(MODERATION_EVENT_COLUMNS).where('id', 'in', eventIds).execute()
    : [];
  const messageIds = idsOf('message');
  const messages = messageIds.length ? await messageSelect(db).where('messages.id', 'in', messageIds).execute() : [];
  const members = await membersById(db, [
    ...new Set([
      ...listings.map((l) => l.owner_id),
      ...events.map((e) => e.owner_id),
      ...messages.map((m) => m.sender_id),
      ...idsOf('user'),
    ]),
  ]);
  const receivers = messages.length
    ? await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where(
          'id',
          'in',
          messages.map((m) => m.receiver_id),
        )
        .execute()
    : [];

  for (const group of groups.values()) {
    let target: ModerationTarget | null = null;
    if (group.target_type === 'listing') {
      const l = listings.find((row) => row.id === group.target_id);
      const member = l && members.get(l.owner_id);
      if (l && member) target = { type: 'listing', listing: toModerationListing(l, sign), member };
    } else if (group.target_type === 'event') {
      const e = events.find((row) => row.id === group.target_id);
      const member = e && members.get(e.owner_id);
      if (e && member) target = { type: 'event', event: toModerationEvent(e, sign), member };
    } else if (group.target_type === 'message') {
      const m = messages.find((row) => row.id === group.target_id);
      const member = m && members.get(m.sender_id);
      const receiver = m && receivers.find((u) => u.id === m.receiver_id);
      if (m && member && receiver)
        target = { type: 'message', message: toMessage(m), context: await messageContext(db, m), member, receiver };
    } else {
      const member = members.get(group.target_id);
      if (member) target = { type: 'user', member };
    }
    group.target = target;
  }
  return [...groups.values()];
}

/** What an action acts on: the member answerable for the target, and how the log names it. */
export interface ActionTarget {
  memberId: number | null;
  label: string;
  /** The listing's title, for its owner's e-mail. */
  listingTitle?: string;
  /** The event's title, for its host's e-mail. */
  eventTitle?: string;
}

/** The target of a report as an action needs it; undefined when it no longer exists. */
export async function findActionTarget(
  db: Executor,
  type: ReportTargetType,
  id: number,
): Promise<ActionTarget | undefined> {
  if (type === 'listing') {
    const row = await db.selectFrom('listings').select(['owner_id', 'title']).where('id', '=', id).executeTakeFirst();
    return row && { memberId: row.owner_id, label: listingLabel(row.title), listingTitle: row.title };
  }
  if (type === 'event') {
    const row = await db.selectFrom('events').select(['owner_id', 'title']).where('id', '=', id).executeTakeFirst();
    return row && { memberId: row.owner_id, label: eventLabel(row.title), eventTitle: row.title };
  }
  if (type === 'message') {
    const row = await messageSelect(db).where('messages.id', '=', id).executeTakeFirst();
    return row && { memberId: row.sender_id, label: messageLabel(row.sender_username) };
  }
  const row = await db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
  return row && { memberId: row.id, label: row.username };
}

/**
 * Resolves every open report of a target, in the action's transaction; the reporters it
 * concerned. None means another moderator got there first.
 */
export async function resolveOpenReports(db: Executor, type: ReportTargetType, id: number): Promise<number[]> {
  const rows = await db
    .updateTable('reports')
    .set({ status: 'resolved' })
    .where('status', '=', 'open')
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .returning('reporter_id')
    .execute();
  return [...new Set(rows.map((r) => r.reporter_id))];
}

/** Hides a listing from everyone but its owner, who is shown the reason. */
export async function hideListing(db: Executor, listingId: number, reason: string) {
  await db.updateTable('listings').set({ hidden_reason: reason }).where('id', '=', listingId).execute();
}

/** Who to e-mail about an action on them. */
export function memberContact(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'first_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}
