import {
  type InterestedMember,
  LISTING_STATES,
  THANKS_SHOWN,
  type Thanks,
  type Trade,
  type TradeKind,
  type TradeMember,
  type TradeRecord,
} from '@gardenswap/shared';
import { type Executor, nowIso, toIso } from '../../db/schema.js';
import { shownUsername } from '../account/deleted-members.sql.js';
import { blockedEitherWay } from '../relations/index.js';
import { visibleTo } from '../listings/index.js';

/** The trade columns of a listing the viewer may see; undefined alike for a missing and a hidden one. */
export function getVisibleTradeListing(db: Executor, viewerId: number, id: number) {
  return db
    .selectFrom('listings')
    .select(['id', 'owner_id', 'title', 'category_id', 'state_id', 'reserved_for_id', 'pickup_note'])
    .where('listings.id', '=', id)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
}
export type TradeListing = NonNullable<Awaited<ReturnType<typeof getVisibleTradeListing>>>;

/** Whether the listing is visible to `viewerId` (the one visibility rule). */
export async function canSee(db: Executor, viewerId: number, listingId: number): Promise<boolean> {
  return (await getVisibleTradeListing(db, viewerId, listingId)) !== undefined;
}

/** A member as a trade shows them; undefined for a missing or deleted one. */
export async function getMember(
  db: Executor,
  by: { id: number } | { username: string },
): Promise<TradeMember | undefined> {
  let query = db.selectFrom('users').select(['id', 'username', 'profile_picture']).where('deleted_at', 'is', null);
  query =
    'id' in by
      ? query.where('id', '=', by.id)
      : query.where((eb) => eb(eb.fn('lower', ['username']), '=', by.username.toLowerCase()));
  return query.executeTakeFirst();
}

export async function isInterested(db: Executor, listingId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('listing_interests')
    .select('user_id')
    .where('listing_id', '=', listingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a member's interest once; true when it is new. */
export async function recordInterest(db: Executor, listingId: number, userId: number): Promise<boolean> {
  const row = await db
    .insertInto('listing_interests')
    .values({ listing_id: listingId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['listing_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The members who asked for a listing, newest first, leaving out blocked pairs with its owner. */
export async function listInterested(db: Executor, ownerId: number, listingId: number): Promise<InterestedMember[]> {
  const rows = await db
    .selectFrom('listing_interests as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['u.id', 'u.username', 'u.profile_picture', 'i.created_at'])
    .where('i.listing_id', '=', listingId)
    .where('u.deleted_at', 'is', null)
    .where((eb) => eb.not(blockedEitherWay(ownerId, eb.ref('u.id'), eb)))
    .orderBy('i.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
}

/**
 * Keeps an available or reserved listing for a member (or for no one: back to available).
 * Reserving answers a pending "still available?": a listing un-reserved later is asked anew
 * rather than paused for a question asked before its trade.
 */
export async function setReservation(
  db: Executor,
  ownerId: number,
  listingId: number,
  reservation: { userId: number; pickupNote: string | null } | null,
) {
  // A pickup is arranged between the owner and one member: kept for a new member or none, it goes.
  await db
    .deleteFrom('pickups')
    .where('listing_id', '=', listingId)
    .$if(reservation !== null, (q) => q.where('member_id', '!=', reservation!.userId))
    .execute();
  await db
    .updateTable('listings')
    .set({
      state_id: reservation ? LISTING_STATES.reserved : LISTING_STATES.available,
      reserved_for_id: reservation?.userId ?? null,
      pickup_note: reservation?.pickupNote ?? null,
      ...(reservation ? { renew_asked_at: null } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', listingId)
    .where('owner_id', '=', ownerId)
    .where('state_id', '!=', LISTING_STATES.gone)
    .execute();
}

/**
 * Hands a listing over: records the trade and marks the listing Gone in one statement pair. Undefined
 * when the listing was already gone (a racing hand-over won).
 */
export async function recordTrade(
  db: Executor,
  listing: { id: number; owner_id: number; title: string },
  receiverId: number,
  kind: TradeKind,
): Promise<number | undefined> {
  const gone = await db
    .updateTable('listings')
    .set({ state_id: LISTING_STATES.gone, reserved_for_id: null, pickup_note: null, updated_at: nowIso() })
    .where('id', '=', listing.id)
    .where('owner_id', '=', listing.owner_id)
    .where('state_id', '!=', LISTING_STATES.gone)
    .returning('id')
    .executeTakeFirst();
  if (!gone) return undefined;
  await db.deleteFrom('pickups').where('listing_id', '=', listing.id).execute();
  const row = await db
    .insertInto('trades')
    .values({
      listing_id: listing.id,
      listing_title: listing.title,
      kind,
      owner_id: listing.owner_id,
      receiver_id: receiverId,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function tradeSelect(db: Executor, viewerId: number) {
  return db
    .selectFrom('trades as t')
    .innerJoin('users as o', 'o.id', 't.owner_id')
    .innerJoin('users as r', 'r.id', 't.receiver_id')
    .select((eb) => [
      't.id',
      't.listing_id',
      't.listing_title',
      't.kind',
      't.created_at',
      'o.id as owner_id',
      shownUsername('o').as('owner_username'),
      'o.profile_picture as owner_picture',
      'r.id as receiver_id',
      shownUsername('r').as('receiver_username'),
      'r.profile_picture as receiver_picture',
      eb
        .exists(
          eb
            .selectFrom('thanks as th')
            .select('th.id')
            .whereRef('th.trade_id', '=', 't.id')
            .where('th.from_user_id', '=', viewerId),
        )
        .as('thanked'),
    ])
    .where((eb) => eb.or([eb('t.owner_id', '=', viewerId), eb('t.receiver_id', '=', viewerId)]));
}

type TradeRow = Awaited<ReturnType<ReturnType<typeof tradeSelect>['executeTakeFirstOrThrow']>>;

const toTrade = (r: TradeRow): Trade => ({
  id: r.id,
  listing_id: r.listing_id,
  listing_title: r.listing_title,
  kind: r.kind,
  owner: { id: r.owner_id, username: r.owner_username, profile_picture: r.owner_picture },
  receiver: { id: r.receiver_id, username: r.receiver_username, profile_picture: r.receiver_picture },
  created_at: toIso(r.created_at),
  // SQLite answers exists() as 0/1, PostgreSQL as a boolean.
  thanked_by_me: Boolean(r.thanked),
});

/** One trade, only for its two members. */
export async function getTrade(db: Executor, viewerId: number, tradeId: number): Promise<Trade | undefined> {
  const row = await tradeSelect(db, viewerId).where('t.id', '=', tradeId).executeTakeFirst();
  return row && toTrade(row);
}

/** The latest trade of a listing, only for its two members. */
export async function getListingTrade(db: Executor, viewerId: number, listingId: number): Promise<Trade | undefined> {
  const row = await tradeSelect(db, viewerId)
    .where('t.listing_id', '=', listingId)
    .orderBy('t.id', 'desc')
    .executeTakeFirst();
  return row && toTrade(row);
}

/** My trades, newest first. */
export async function listMyTrades(db: Executor, viewerId: number): Promise<Trade[]> {
  const rows = await tradeSelect(db, viewerId).orderBy('t.id', 'desc').limit(100).execute();
  return rows.map(toTrade);
}

const thanksSelect = (db: Executor) =>
  db
    .selectFrom('thanks as th')
    .innerJoin('trades as t', 't.id', 'th.trade_id')
    .innerJoin('users as f', 'f.id', 'th.from_user_id')
    .select([
      'th.id',
      'th.trade_id',
      'th.content',
      'th.created_at',
      't.listing_title',
      'f.id as from_id',
      shownUsername('f').as('from_username'),
      'f.profile_picture as from_picture',
    ]);

type ThanksRow = Awaited<ReturnType<ReturnType<typeof thanksSelect>['executeTakeFirstOrThrow']>>;

const toThanks = (r: ThanksRow): Thanks => ({
  id: r.id,
  trade_id: r.trade_id,
  content: r.content,
  listing_title: r.listing_title,
  created_at: toIso(r.created_at),
  from_user: { id: r.from_id, username: r.from_username, profile_picture: r.from_picture },
});

/** Stores a thanks once per member and trade; undefined when this member already thanked. */
export async function insertThanks(
  db: Executor,
  values: { trade_id: number; from_user_id: number; to_user_id: number; content: string },
): Promise<Thanks | undefined> {
  const row = await db
    .insertInto('thanks')
    .values({ ...values, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['trade_id', 'from_user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  return toThanks(await thanksSelect(db).where('th.id', '=', row.id).executeTakeFirstOrThrow());
}

/** Hides a thanks given to `userId`; false when there is no such thanks of theirs. */
export async function hideThanks(db: Executor, userId: number, thanksId: number): Promise<boolean> {
  const rows = await db
    .updateTable('thanks')
    .set({ hidden: 1 })
    .where('id', '=', thanksId)
    .where('to_user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** A member's trades and the thanks they were given (hidden ones left out), with the latest few. */
export async function tradeRecord(db: Executor, userId: number, viewerId: number): Promise<TradeRecord> {
  const [trades, thanks, latest] = await Promise.all([
    db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('receiver_id', '=', userId)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('thanks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('to_user_id', '=', userId)
      .where('hidden', '=', 0)
      .executeTakeFirstOrThrow(),
    thanksSelect(db)
      .where('th.to_user_id', '=', userId)
      .where('th.hidden', '=', 0)
      .where((eb) => eb.not(blockedEitherWay(viewerId, eb.ref('th.from_user_id'), eb)))
      .orderBy('th.id', 'desc')
      .limit(THANKS_SHOWN)
      .execute(),
  ]);
  return { trade_count: Number(trades.n), thanks_count: Number(thanks.n), latest_thanks: latest.map(toThanks) };
}
