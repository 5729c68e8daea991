import {
  type EmailKind,
  LISTING_STATES,
  NOTIFICATIONS_PAGE,
  type Notification,
  type NotificationType,
  PUSH_KIND_OF_NOTIFICATION,
} from '@gardenswap/shared';
import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';
import { eventVisibleTo } from '../event-visibility/index.js';
import { blockedEitherWay } from '../relations/index.js';
import { friendIdsOf } from '../relations/index.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { visibleTo } from '../listings/index.js';
import { mayEmailFlag } from '../mail/recipients.js';
import { queueNotificationPush } from '../push/push-queue.queries.js';

type NotificationsEb = ExpressionBuilder<Database & { n: Database['notifications'] }, 'n'>;

/**
 * What a member may still be told: nothing from a member either of them blocked, a notice of a
 * listing only while its listing is visible to them, and one of an event only while its event is
 * (the visibility rules decide).
 */
function stillShown(userId: number) {
  return (eb: NotificationsEb) =>
    eb.and([
      eb('n.user_id', '=', userId),
      eb.or([
        eb('n.from_user_id', 'is', null),
        eb.not(blockedEitherWay(userId, eb.ref('n.from_user_id') as Expression<number>, eb)),
      ]),
      eb.or([
        eb('n.listing_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('listings')
            .select('listings.id')
            .whereRef('listings.id', '=', 'n.listing_id')
            .where((l) => visibleTo(userId)(l as unknown as ExpressionBuilder<Database, 'listings'>)),
        ),
      ]),
      eb.or([
        eb('n.event_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('events')
            .select('events.id')
            .whereRef('events.id', '=', 'n.event_id')
            .where((e) => eventVisibleTo(userId)(e as unknown as ExpressionBuilder<Database, 'events'>)),
        ),
      ]),
    ]);
}

function notificationSelect(db: Executor) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as fu', 'fu.id', 'n.from_user_id')
    .leftJoin('listings as l', 'l.id', 'n.listing_id')
    .leftJoin('want_listings as w', 'w.id', 'n.want_id')
    .leftJoin('events as e', 'e.id', 'n.event_id')
    .select([
      'n.id',
      'n.type',
      'n.created_at',
      'n.read_at',
      'n.listing_id',
      'n.want_id',
      'n.from_user_id',
      'fu.username as from_username',
      'fu.profile_picture as from_profile_picture',
      'l.title as listing_title',
      'l.thumbnail as listing_thumbnail',
      'l.is_public as listing_is_public',
      'l.is_active as listing_is_active',
      'l.hidden_reason as listing_hidden_reason',
      'l.owner_suspended as listing_owner_suspended',
      'n.note',
      'w.title as want_title',
      'n.event_id',
      'e.title as event_title',
    ]);
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof notificationSelect>['executeTakeFirstOrThrow']>>;

/** A stored notification as its member reads it, the listing's thumbnail as they may fetch it. */
function toNotification(row: NotificationRow, sign: PhotoSigner): Notification {
  return {
    id: row.id,
    type: row.type,
    created_at: toIso(row.created_at),
    read_at: toIso(row.read_at),
    listing_id: row.listing_id,
    want_id: row.want_id,
    from_user:
      row.from_user_id !== null && row.from_username !== null
        ? { id: row.from_user_id, username: row.from_username, profile_picture: row.from_profile_picture }
        : null,
    listing:
      row.listing_id !== null && row.listing_title !== null
        ? {
            id: row.listing_id,
            title: row.listing_title,
            thumbnail: sign(row.listing_thumbnail, {
              is_public: row.listing_is_public === 1,
              is_active: row.listing_is_active === 1,
              hidden: row.listing_hidden_reason !== null || row.listing_owner_suspended === 1,
            }),
          }
        : null,
    want: row.want_id !== null && row.want_title !== null ? { id: row.want_id, title: row.want_title } : null,
    event: row.event_id !== null && row.event_title !== null ? { id: row.event_id, title: row.event_title } : null,
    note: row.note,
  };
}

/** A member's notifications, newest first, a page at a time (`before` an id). */
export async function listNotifications(
  db: Executor,
  userId: number,
  sign: PhotoSigner,
  before?: number,
): Promise<Notification[]> {
  let query = notificationSelect(db).where(stillShown(userId));
  if (before !== undefined) query = query.where('n.id', '<', before);
  const rows = await query.orderBy('n.id', 'desc').limit(NOTIFICATIONS_PAGE).execute();
  return rows.map((row) => toNotification(row, sign));
}

export async function getNotification(
  db: Executor,
  userId: number,
  id: number,
  sign: PhotoSigner,
): Promise<Notification | undefined> {
  const row = await notificationSelect(db).where(stillShown(userId)).where('n.id', '=', id).executeTakeFirst();
  return row && toNotification(row, sign);
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications as n')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(stillShown(userId))
    .where('n.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the given notifications (or all) of a member read; those already read keep their time. */
export async function markRead(db: Executor, userId: number, ids?: number[]) {
  if (ids && ids.length === 0) return;
  let query = db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

/** A notification to store; `match_key` is unique per member. */
export interface NewNotification {
  user_id: number;
  type: NotificationType;
  listing_id?: number;
  want_id?: number;
  event_id?: number;
  from_user_id?: number;
  match_key: string;
  note?: string;
}

async function storeNotification(db: Executor, values: NewNotification): Promise<number | undefined> {
  const row = await db
    .insertInto('notifications')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'match_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await queueNotificationPush(db, { id: row.id, user_id: values.user_id, type: values.type });
  return row?.id;
}

/**
 * Stores a notification unless this member already has it (`match_key` is unique per member);
 * the new row's id, or undefined when it was already there. A kind of notification that is pushed
 * queues its push to the member's devices in the same transaction (its own when `db` is not one).
 */
export async function insertNotification(db: Executor, values: NewNotification): Promise<number | undefined> {
  if (db.isTransaction || !PUSH_KIND_OF_NOTIFICATION[values.type]) return storeNotification(db, values);
  return db.transaction().execute((trx) => storeNotification(trx, values));
}

/** Whether a member was already told about this listing (through any of their wants). */
export async function wasToldOfListing(db: Executor, userId: number, listingId: number) {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('listing_id', '=', listingId)
    .where('type', '=', 'match')
    .executeTakeFirst();
  return row !== undefined;
}

/** A listing as the matcher needs it, with its owner's public fields for the e-mail. */
export function getListingForMatching(db: Executor, listingId: number) {
  return db
    .selectFrom('listings')
    .innerJoin('users as owner', 'owner.id', 'listings.owner_id')
    .select([
      'listings.id',
      'listings.owner_id',
      'listings.title',
      'listings.category_id',
      'listings.type_id',
      'listings.price',
      'listings.thumbnail',
      'listings.is_active',
      'listings.is_public',
      'listings.state_id',
      'owner.username as owner_username',
      'owner.city as owner_city',
      'owner.state as owner_state',
    ])
    .where('listings.id', '=', listingId)
    .executeTakeFirst();
}
export type MatchingListing = NonNullable<Awaited<ReturnType<typeof getListingForMatching>>>;

/**
 * Want items that could match a listing: same category, not the owner's own, and held by members
 * the listing could reach (public, or the owner's friends; no block either way). This narrows the
 * candidates; the one visibility rule still has the last word for each member told.
 */
export function candidateWants(db: Executor, listing: MatchingListing) {
  return db
    .selectFrom('want_listings as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.title', 'w.user_id', 'u.email', 'u.first_name', 'u.username'])
    .select(mayEmailFlag('matches', 'u').as('may_email'))
    .where('w.category_id', '=', listing.category_id)
    .where('w.user_id', '<>', listing.owner_id)
    .where((eb) => eb.not(blockedEitherWay(listing.owner_id, eb.ref('w.user_id'), eb)))
    .$if(listing.is_public !== 1, (q) => q.where('w.user_id', 'in', friendIdsOf(listing.owner_id)))
    .orderBy('w.id')
    .execute();
}
export type CandidateWant = Awaited<ReturnType<typeof candidateWants>>[number];

/** Whether the one visibility rule lets a member see a listing, and it is still on offer. */
export async function canSeeOnOffer(db: Executor, viewerId: number, listingId: number) {
  const row = await db
    .selectFrom('listings')
    .select('listings.id')
    .where('listings.id', '=', listingId)
    .where('listings.state_id', '<>', LISTING_STATES.gone)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

/** A member's friends-only listings on offer in the given categories (they become visible to a new friend). */
export function friendsOnlyOnOffer(db: Executor, ownerId: number, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('listings')
    .select('listings.id')
    .where('listings.owner_id', '=', ownerId)
    .where('listings.is_public', '=', 0)
    .where('listings.is_active', '=', 1)
    .where('listings.state_id', '<>', LISTING_STATES.gone)
    .where('listings.category_id', 'in', categoryIds)
    .execute();
}

export async function wantCategoriesOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('want_listings')
    .select('category_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.category_id);
}

/** A member as an e-mail addresses them; `may_email` says whether e-mails of that kind may go to them. */
export function getRecipient(db: Executor, userId: number, kind: EmailKind) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.first_name',
      'users.username',
      'users.city',
      'users.state',
      mayEmailFlag(kind).as('may_email'),
      eb
        .selectFrom('friendships')
        .select((f) => f.fn.countAll<number>().as('n'))
        .where('friendships.status', '=', 'accepted')
        .where((f) => f.or([f('friendships.user_low', '=', userId), f('friendships.user_high', '=', userId)]))
        .as('friend_count'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The two members of a friendship row, and who asked. */
export function getFriendship(db: Executor, requestId: number) {
  return db
    .selectFrom('friendships')
    .select(['user_low', 'user_high', 'requester_id', 'status'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

export function getFriendshipBetween(db: Executor, a: number, b: number) {
  return db
    .selectFrom('friendships')
    .select(['id', 'requester_id', 'status'])
    .where('user_low', '=', Math.min(a, b))
    .where('user_high', '=', Math.max(a, b))
    .executeTakeFirst();
}
