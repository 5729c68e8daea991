import { CATEGORIES, LISTING_STATES } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { toIso } from '../../db/schema.js';
import { visibleTo } from '../listings/index.js';
import { mayEmailFlag } from '../mail/recipients.js';
import type { RecentListing } from './nearby-listings.js';

/** Members with the switch on and no slot yet (new members, or the switch just turned on). */
export function unscheduled(db: Executor, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'time_zone', 'latitude', 'longitude'])
    .where('email_digest', '=', 1)
    .where('digest_due_at', 'is', null)
    .where('deleted_at', 'is', null)
    .limit(limit)
    .execute();
}

/** Gives a member their first slot, unless another instance just did. */
export async function schedule(db: Executor, memberId: number, dueAt: string) {
  await db
    .updateTable('users')
    .set({ digest_due_at: dueAt })
    .where('id', '=', memberId)
    .where('digest_due_at', 'is', null)
    .execute();
}

/** Members whose digest is due, the longest waiting first, with what their e-mail needs. */
export async function dueMembers(db: Executor, now: string, limit: number) {
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'first_name',
      'time_zone',
      'latitude',
      'longitude',
      'digest_due_at',
      'digest_since',
      'deleted_at',
    ])
    .select(mayEmailFlag('digest').as('may_email'))
    .where('digest_due_at', '<=', now)
    .orderBy('digest_due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    digest_due_at: toIso(row.digest_due_at)!,
    digest_since: toIso(row.digest_since),
  }));
}
export type DueMember = Awaited<ReturnType<typeof dueMembers>>[number];

/**
 * Takes a member's due digest for this instance: moves their slot on (or clears it, switch off) and
 * notes when it was made, only while the slot is still the one read; true for exactly one caller.
 */
export async function claimSlot(db: Executor, member: DueMember, next: string | null, now: string) {
  const result = await db
    .updateTable('users')
    .set({ digest_due_at: next, digest_since: now })
    .where('id', '=', member.id)
    .where('digest_due_at', '=', member.digest_due_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The open public listings listed since `since`, at their owner's postcode centre: read per
 * category through `listings_category_created`, so only the window is read whatever the table holds.
 */
export async function recentPublicListings(db: Executor, since: string): Promise<RecentListing[]> {
  const found: RecentListing[] = [];
  for (const category of Object.values(CATEGORIES)) {
    const rows = await db
      .selectFrom('listings as l')
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .select([
        'l.id',
        'l.owner_id',
        'l.title',
        'l.category_id',
        'l.type_id',
        'l.price',
        'l.thumbnail',
        'l.is_public',
        'l.is_active',
        'l.created_at',
        'u.latitude',
        'u.longitude',
      ])
      .where('l.category_id', '=', category)
      .where('l.created_at', '>=', since)
      .where('l.is_public', '=', 1)
      .where('l.is_active', '=', 1)
      .where('l.state_id', '=', LISTING_STATES.available)
      .where('l.hidden_reason', 'is', null)
      .where('l.owner_suspended', '=', 0)
      .execute();
    for (const row of rows)
      if (row.latitude !== null && row.longitude !== null)
        found.push({
          ...row,
          price: Number(row.price),
          created: Date.parse(toIso(row.created_at)),
          latitude: row.latitude,
          longitude: row.longitude,
        });
  }
  return found;
}

/** The wish-list titles of some members. */
export async function wantsOf(db: Executor, memberIds: number[]): Promise<Map<number, string[]>> {
  const wants = new Map<number, string[]>();
  if (!memberIds.length) return wants;
  const rows = await db
    .selectFrom('want_listings')
    .select(['user_id', 'title'])
    .where('user_id', 'in', memberIds)
    .execute();
  for (const row of rows) (wants.get(row.user_id) ?? wants.set(row.user_id, []).get(row.user_id)!).push(row.title);
  return wants;
}

/** Of `ids`, the listings the one visibility rule lets the member see now. */
export async function stillVisible(db: Executor, memberId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('listings')
    .select('listings.id')
    .where('listings.id', 'in', ids)
    .where(visibleTo(memberId))
    .execute();
  return new Set(rows.map((r) => r.id));
}
