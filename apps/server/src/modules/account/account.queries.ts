import { randomBytes } from 'node:crypto';
import { SEED_LOT_FIELDS } from '@gardenswap/shared';
import { sql } from 'kysely';
import { type Executor, nowIso, toIso } from '../../db/schema.js';
import { nameDeletedMemberInLog } from '../moderation/audit-log.queries.js';
import { seedLotOf } from '../listings/index.js';
import { getPushSwitches } from '../push/push.queries.js';
import { shownUsername } from './deleted-members.sql.js';

/** How many rows one query of the export reads at a time. */
const EXPORT_PAGE = 500;

/** A member (never a deleted member's stand-in) with what deleting or exporting needs. */
export function findMember(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'sessions_valid_from'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Rows read `EXPORT_PAGE` at a time by ascending id, so a long history never sits in memory at once. */
async function* byId<T extends { id: number }>(page: (afterId: number, limit: number) => Promise<T[]>) {
  let after = 0;
  for (;;) {
    const rows = await page(after, EXPORT_PAGE);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Everything the member's own profile holds, their e-mail and push switches too, but the password
 * hash and the session bookkeeping.
 */
export async function exportProfile(db: Executor, userId: number) {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'first_name',
      'last_name',
      'profile_picture',
      'address',
      'apt',
      'city',
      'state',
      'zip_code',
      'email_confirmed',
      'pending_email',
      'email_matches',
      'email_friend_requests',
      'email_messages',
      'email_trades',
      'email_digest',
      'time_zone',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const pushSwitches = await getPushSwitches(db, userId);
  const { email_matches, email_friend_requests, email_messages, email_trades, email_digest, ...rest } = row;
  return {
    ...rest,
    email_confirmed: rest.email_confirmed === 1,
    email_notifications: {
      matches: email_matches === 1,
      friend_requests: email_friend_requests === 1,
      messages: email_messages === 1,
      trades: email_trades === 1,
      digest: email_digest === 1,
    },
    push_notifications: pushSwitches,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** The member's listings, all of them (paused and friends-only too). */
export function exportListings(db: Executor, userId: number) {
  return byId(async (after, limit) => {
    const rows = await db
      .selectFrom('listings')
      .select([
        'id',
        'title',
        'description',
        'price',
        'type_id',
        'state_id',
        'category_id',
        ...SEED_LOT_FIELDS,
        'is_active',
        'is_public',
        'featured_image',
        'thumbnail',
        'created_at',
        'updated_at',
      ])
      .where('owner_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...r,
      ...seedLotOf(r),
      is_active: r.is_active === 1,
      is_public: r.is_public === 1,
      created_at: toIso(r.created_at),
      updated_at: toIso(r.updated_at),
    }));
  });
}

/** The member's want list. */
export function exportWants(db: Executor, userId: number) {
  return byId(async (after, limit) => {
    const rows = await db
      .selectFrom('want_listings')
      .select(['id', 'title', 'category_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
  });
}

/** Friends and pending requests both ways, with the other member's username. */
export async function exportFriends(db: Executor, userId: number) {
  const rows = await db
    .selectFrom('friendships as f')
    .innerJoin('users as u', (join) =>
      join
        .on((eb) => eb.or([eb('u.id', '=', eb.ref('f.user_low')), eb('u.id', '=', eb.ref('f.user_high'))]))
        .on('u.id', '!=', userId),
    )
    .select(['f.id', 'f.status', 'f.requester_id', 'f.created_at', 'f.updated_at', 'u.id as user_id', 'u.username'])
    .where((eb) => eb.or([eb('f.user_low', '=', userId), eb('f.user_high', '=', userId)]))
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    username: r.username,
    status: r.status === 'accepted' ? ('friends' as const) : ('request pending' as const),
    requested_by: r.requester_id === userId ? ('me' as const) : ('them' as const),
    since: toIso(r.status === 'accepted' ? r.updated_at : r.created_at),
  }));
}

/** Every message the member sent or received, with the other member's name as they see it. */
export function exportMessages(db: Executor, userId: number) {
  return byId(async (after, limit) => {
    const rows = await db
      .selectFrom('messages as m')
      .innerJoin('users as u', (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([eb('m.sender_id', '=', userId), eb('u.id', '=', eb.ref('m.receiver_id'))]),
            eb.and([eb('m.receiver_id', '=', userId), eb('u.id', '=', eb.ref('m.sender_id'))]),
          ]),
        ),
      )
      .select(['m.id', 'm.sender_id', 'm.content', 'm.listing_id', 'm.created_at', 'm.read_at', 'u.id as other_id'])
      .select(shownUsername('u').as('other_username'))
      .where((eb) => eb.or([eb('m.sender_id', '=', userId), eb('m.receiver_id', '=', userId)]))
      .where('m.id', '>', after)
      .orderBy('m.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      direction: r.sender_id === userId ? ('sent' as const) : ('received' as const),
      other_member: { id: r.other_id, username: r.other_username },
      content: r.content,
      listing_id: r.listing_id,
      created_at: toIso(r.created_at),
      read_at: toIso(r.read_at),
    }));
  });
}

/** The member's notifications. */
export function exportNotifications(db: Executor, userId: number) {
  return byId(async (after, limit) => {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'type', 'listing_id', 'want_id', 'from_user_id', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: toIso(r.created_at), read_at: toIso(r.read_at) }));
  });
}

/** The members this member blocked. */
export async function exportBlocks(db: Executor, userId: number) {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id as user_id', 'users.username', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', userId)
    .orderBy('blocks.created_at')
    .execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
}

/** The reports this member made. */
export function exportReports(db: Executor, userId: number) {
  return byId(async (after, limit) => {
    const rows = await db
      .selectFrom('reports')
      .select(['id', 'target_type', 'target_id', 'reason', 'status', 'created_at'])
      .where('reporter_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
  });
}

/**
 * The member's part in trades: the listings they asked for, the trades they were part of (either
 * side), and the thanks they gave and were given (hidden ones marked).
 */
export async function exportTrades(db: Executor, userId: number) {
  const [interests, trades, thanks] = await Promise.all([
    db
      .selectFrom('listing_interests as i')
      .innerJoin('listings as l', 'l.id', 'i.listing_id')
      .select(['i.listing_id', 'l.title as listing_title', 'i.created_at'])
      .where('i.user_id', '=', userId)
      .orderBy('i.created_at')
      .execute(),
    db
      .selectFrom('trades as t')
      .innerJoin('users as o', 'o.id', 't.owner_id')
      .innerJoin('users as r', 'r.id', 't.receiver_id')
      .select(['t.id', 't.listing_id', 't.listing_title', 't.kind', 't.created_at', 't.owner_id', 't.receiver_id'])
      .select([shownUsername('o').as('owner_username'), shownUsername('r').as('receiver_username')])
      .where((eb) => eb.or([eb('t.owner_id', '=', userId), eb('t.receiver_id', '=', userId)]))
      .orderBy('t.id')
      .execute(),
    db
      .selectFrom('thanks')
      .select(['id', 'trade_id', 'from_user_id', 'to_user_id', 'content', 'hidden', 'created_at'])
      .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
      .orderBy('id')
      .execute(),
  ]);
  return {
    interests: interests.map((r) => ({ ...r, created_at: toIso(r.created_at) })),
    trades: trades.map((r) => ({
      id: r.id,
      listing_id: r.listing_id,
      listing_title: r.listing_title,
      kind: r.kind,
      role: r.owner_id === userId ? ('owner' as const) : ('receiver' as const),
      owner: { id: r.owner_id, username: r.owner_username },
      receiver: { id: r.receiver_id, username: r.receiver_username },
      created_at: toIso(r.created_at),
    })),
    thanks_given: thanks
      .filter((r) => r.from_user_id === userId)
      .map((r) => ({
        id: r.id,
        trade_id: r.trade_id,
        to_user_id: r.to_user_id,
        content: r.content,
        created_at: toIso(r.created_at),
      })),
    thanks_received: thanks
      .filter((r) => r.to_user_id === userId)
      .map((r) => ({
        id: r.id,
        trade_id: r.trade_id,
        from_user_id: r.from_user_id,
        content: r.content,
        hidden: r.hidden === 1,
        created_at: toIso(r.created_at),
      })),
  };
}

/**
 * The member's devices subscribed to push: when each subscribed and its push service (the
 * endpoint's origin). Never the rest of the endpoint, nor the keys: they address and unlock the device.
 */
export async function exportPushDevices(db: Executor, userId: number) {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    created_at: toIso(r.created_at),
    push_service: URL.canParse(r.endpoint) ? new URL(r.endpoint).origin : null,
  }));
}

/** The e-mails Gardenswap wrote to the member's address. */
export function exportEmails(db: Executor, email: string) {
  return byId(async (after, limit) => {
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'subject', 'text', 'status', 'created_at', 'sent_at'])
      .where(sql<string>`lower(to_address)`, '=', email.toLowerCase())
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: toIso(r.created_at), sent_at: toIso(r.sent_at) }));
  });
}

/** The events the member hosts, cancelled, past and hidden ones too, and those they said they go to. */
export async function exportEvents(db: Executor, userId: number) {
  const [hosting, going] = await Promise.all([
    db
      .selectFrom('events')
      .select([
        'id',
        'title',
        'description',
        'starts_at',
        'ends_at',
        'place_name',
        'address',
        'zip_code',
        'capacity',
        'photo',
        'thumbnail',
        'cancelled_at',
        'created_at',
        'updated_at',
      ])
      .where('owner_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('event_attendees as a')
      .innerJoin('events as e', 'e.id', 'a.event_id')
      .select(['a.event_id', 'e.title', 'e.starts_at', 'a.created_at'])
      .where('a.user_id', '=', userId)
      .orderBy('a.event_id')
      .execute(),
  ]);
  return {
    hosting: hosting.map((r) => ({
      ...r,
      starts_at: toIso(r.starts_at),
      ends_at: toIso(r.ends_at),
      cancelled_at: toIso(r.cancelled_at),
      created_at: toIso(r.created_at),
      updated_at: toIso(r.updated_at),
    })),
    going: going.map((r) => ({ ...r, starts_at: toIso(r.starts_at), created_at: toIso(r.created_at) })),
  };
}

/**
 * The stored photos of the member: every listing's cover (on its row) and every photo of its
 * gallery in order, each with its thumbnail, every event's photo, and the profile picture.
 */
export async function photosOf(db: Executor, userId: number) {
  const listings = await db
    .selectFrom('listings')
    .select(['id', 'featured_image', 'thumbnail'])
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  const listingPhotos = await db
    .selectFrom('listing_photos')
    .innerJoin('listings', 'listings.id', 'listing_photos.listing_id')
    .select(['listing_photos.listing_id', 'listing_photos.image', 'listing_photos.thumbnail'])
    .where('listings.owner_id', '=', userId)
    .orderBy('listing_photos.listing_id')
    .orderBy('listing_photos.position')
    .orderBy('listing_photos.id')
    .execute();
  const events = await db
    .selectFrom('events')
    .select(['id', 'photo', 'thumbnail'])
    .where('owner_id', '=', userId)
    .where('photo', 'is not', null)
    .orderBy('id')
    .execute();
  const user = await db.selectFrom('users').select('profile_picture').where('id', '=', userId).executeTakeFirst();
  return { listings, listingPhotos, events, profilePicture: user?.profile_picture ?? null };
}

/**
 * Deletes a member. Their conversations move first to a new stand-in row that holds nothing of
 * theirs (an e-mail and username no one can sign in or register with, no password, no photo) and
 * is shown as "Deleted member", so the other members keep reading them. Conversations with an
 * already deleted member go (no one is left to read them), and with them any stand-in that has
 * nothing left. The moderators' audit log keeps its entries about them, calling them "Deleted
 * member". Then the e-mails addressed to them go, and their row: by cascade, every row that
 * references it (listings, events and who goes to them, want list, friendships, notifications, blocks, reports they made,
 * sessions and whatever else a feature keeps of theirs), but the audit log's references, which
 * are set null. Answers the stored photos to remove once committed, or undefined when there is no
 * such member.
 */
export async function deleteMember(db: Executor, userId: number) {
  const member = await findMember(db, userId);
  if (!member) return undefined;
  const photos = await photosOf(db, userId);

  const deletedPartners = (
    await db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('id', 'in', eb.selectFrom('messages').select('receiver_id').where('sender_id', '=', userId)),
          eb('id', 'in', eb.selectFrom('messages').select('sender_id').where('receiver_id', '=', userId)),
        ]),
      )
      .execute()
  ).map((r) => r.id);
  if (deletedPartners.length) {
    await db
      .deleteFrom('messages')
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', userId), eb('receiver_id', 'in', deletedPartners)]),
          eb.and([eb('receiver_id', '=', userId), eb('sender_id', 'in', deletedPartners)]),
        ]),
      )
      .execute();
    await db
      .deleteFrom('users')
      .where('id', 'in', deletedPartners)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('messages')
              .select('messages.id')
              .where((m) =>
                m.or([
                  m('messages.sender_id', '=', m.ref('users.id')),
                  m('messages.receiver_id', '=', m.ref('users.id')),
                ]),
              ),
          ),
        ),
      )
      .execute();
  }

  const kept = await db
    .selectFrom('messages')
    .select('id')
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  if (kept) {
    const tag = randomBytes(12).toString('hex');
    const standIn = await db
      .insertInto('users')
      .values({
        // Neither can be typed into a form (no "@", a space): no one signs in or registers as it.
        email: `deleted:${tag}`,
        username: `deleted member ${tag}`,
        password_hash: '',
        first_name: '',
        last_name: '',
        deleted_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('messages').set({ sender_id: standIn.id }).where('sender_id', '=', userId).execute();
    await db.updateTable('messages').set({ receiver_id: standIn.id }).where('receiver_id', '=', userId).execute();
  }

  await nameDeletedMemberInLog(db, userId);
  await db
    .deleteFrom('outbox')
    .where(sql<string>`lower(to_address)`, '=', member.email.toLowerCase())
    .execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
  return [
    photos.profilePicture,
    ...photos.listings.flatMap((l) => [l.featured_image, l.thumbnail]),
    ...photos.listingPhotos.flatMap((p) => [p.image, p.thumbnail]),
    ...photos.events.flatMap((e) => [e.photo, e.thumbnail]),
  ];
}
