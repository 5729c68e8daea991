import type { Friend, FriendRequest, FriendRequestDirection, FriendStatus } from '@gardenswap/shared';
import type { ExpressionBuilder } from 'kysely';
import { type Database, type Executor, nowIso, toIso } from '../../db/schema.js';
import { friendIdsOf, pairOf } from '../relations/index.js';

type FriendshipsEb = ExpressionBuilder<Database, 'friendships'>;

/** Rows of the pair where `userId` is on one side or the other. */
const involves = (userId: number) => (eb: FriendshipsEb) =>
  eb.or([eb('friendships.user_low', '=', userId), eb('friendships.user_high', '=', userId)]);

/** The one friendship row between two members, whoever asked; undefined when there is none. */
export function findFriendship(db: Executor, a: number, b: number) {
  const pair = pairOf(a, b);
  return db
    .selectFrom('friendships')
    .select(['id', 'requester_id', 'status'])
    .where('user_low', '=', pair.user_low)
    .where('user_high', '=', pair.user_high)
    .executeTakeFirst();
}

/**
 * Adds a pending request unless the pair already has a row: the unique pair decides between
 * racing requests, so this never fails on a duplicate. Undefined when the pair had a row.
 */
export async function insertFriendRequest(db: Executor, requesterId: number, addresseeId: number) {
  const row = await db
    .insertInto('friendships')
    .values({ ...pairOf(requesterId, addresseeId), requester_id: requesterId, status: 'pending' })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Pending requests addressed to `addresseeId` (asked by the other member of the pair). */
function pendingTo(addresseeId: number) {
  return (eb: FriendshipsEb) =>
    eb.and([
      eb('friendships.status', '=', 'pending'),
      eb('friendships.requester_id', '!=', addresseeId),
      involves(addresseeId)(eb),
    ]);
}

/**
 * Accepts request `requestId` if it is still pending and addressed to `addresseeId`.
 * One statement, so an answer racing a cancel or a second answer has one winner. True when accepted.
 */
export async function acceptRequest(db: Executor, requestId: number, addresseeId: number): Promise<boolean> {
  const result = await db
    .updateTable('friendships')
    .set({ status: 'accepted', updated_at: nowIso() })
    .where('id', '=', requestId)
    .where(pendingTo(addresseeId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Declines (deletes) request `requestId` if it is still pending and addressed to `addresseeId`. */
export async function declineRequest(db: Executor, requestId: number, addresseeId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships')
    .where('id', '=', requestId)
    .where(pendingTo(addresseeId))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes the pair's row, a friendship or a request in either direction. True when there was one. */
export async function removeFriendship(db: Executor, a: number, b: number): Promise<boolean> {
  const pair = pairOf(a, b);
  const result = await db
    .deleteFrom('friendships')
    .where('user_low', '=', pair.user_low)
    .where('user_high', '=', pair.user_high)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Where `me` stands with `other`, as the status call answers it. */
export async function friendStatusOf(db: Executor, me: number, other: number): Promise<FriendStatus> {
  const row = await findFriendship(db, me, other);
  if (!row) return { status: 'none' };
  if (row.status === 'accepted') return { status: 'accepted' };
  return { status: 'pending', direction: row.requester_id === me ? 'outgoing' : 'incoming', request_id: row.id };
}

/** A member's accepted friends, alphabetical whatever the case of their usernames. */
export function listFriends(db: Executor, userId: number): Promise<Friend[]> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'profile_picture'])
    .where('id', 'in', friendIdsOf(userId))
    .orderBy((eb) => eb.fn('lower', ['username']))
    .orderBy('id')
    .execute();
}

/**
 * Pending requests sent to `userId` (incoming) or by `userId` (outgoing), newest first;
 * `user_id` and the names are the other member's.
 */
export async function listFriendRequests(
  db: Executor,
  userId: number,
  direction: FriendRequestDirection,
): Promise<FriendRequest[]> {
  const rows = await db
    .selectFrom('friendships')
    .innerJoin('users', (join) =>
      join
        .on((eb) =>
          eb.or([
            eb('users.id', '=', eb.ref('friendships.user_low')),
            eb('users.id', '=', eb.ref('friendships.user_high')),
          ]),
        )
        .on('users.id', '!=', userId),
    )
    .select([
      'friendships.id',
      'users.id as user_id',
      'users.username',
      'users.profile_picture',
      'friendships.created_at',
    ])
    .where('friendships.status', '=', 'pending')
    .where(involves(userId))
    .where('friendships.requester_id', direction === 'incoming' ? '!=' : '=', userId)
    .orderBy('friendships.created_at', 'desc')
    .orderBy('friendships.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }));
}
