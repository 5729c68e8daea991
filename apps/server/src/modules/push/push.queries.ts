import type { PushKind, PushSwitches, PushSwitchesInput } from '@gardenswap/shared';
import { type Expression, expressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';

/** The users column of each kind's switch. */
export const SWITCH_COLUMN = {
  messages: 'push_messages',
  matches: 'push_matches',
  friend_requests: 'push_friend_requests',
  trades: 'push_trades',
  events: 'push_events',
} as const satisfies Record<PushKind, string>;

/**
 * Whether the member may take pushes of this kind: the switch is on and some device is subscribed
 * (its session may have expired since: the queue's own look-up has the last word). Its values are
 * all in the SQL, so a prepared statement may hold it.
 */
export function mayTakePushes(kind: PushKind, userId: Expression<number>) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('push_subscriptions as ps')
      .innerJoin('users as pu', 'pu.id', 'ps.user_id')
      .select('ps.id')
      .where('ps.user_id', '=', userId)
      .where(`pu.${SWITCH_COLUMN[kind]}`, '=', 1),
  );
}

/** A member's push switches; undefined when there is no such member. */
export async function getPushSwitches(db: Executor, userId: number): Promise<PushSwitches | undefined> {
  const row = await db
    .selectFrom('users')
    .select(Object.values(SWITCH_COLUMN))
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      messages: row.push_messages === 1,
      matches: row.push_matches === 1,
      friend_requests: row.push_friend_requests === 1,
      trades: row.push_trades === 1,
      events: row.push_events === 1,
    }
  );
}

/** Turns the given kinds on or off, the others as they are. */
export async function setPushSwitches(db: Executor, userId: number, switches: PushSwitchesInput) {
  const flag = (on: boolean | undefined) => (on === undefined ? undefined : on ? 1 : 0);
  await db
    .updateTable('users')
    .set({
      push_messages: flag(switches.messages),
      push_matches: flag(switches.matches),
      push_friend_requests: flag(switches.friend_requests),
      push_trades: flag(switches.trades),
      push_events: flag(switches.events),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}

/** The member's subscribed devices that receive pushes: made with today's key, by a session still live. */
export async function countDevices(db: Executor, userId: number, publicKey: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions as s')
    .innerJoin('sessions', 'sessions.id', 's.session_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.user_id', '=', userId)
    .where('s.public_key', '=', publicKey)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the live session of a token; undefined when it has ended or has no row. */
export async function liveSessionId(db: Executor, userId: number, jti: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** A browser's subscription, as POST /push/subscriptions brings it. */
export interface NewSubscription {
  userId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  publicKey: string;
}

/**
 * Keeps a browser's subscription for the member and session: an endpoint already kept (the device
 * subscribing again, or another member now signed in on it) is taken over, and the pushes still
 * queued there for someone else go. Beyond `max` devices the member's oldest subscription goes.
 * Run it in a transaction.
 */
export async function upsertSubscription(trx: Executor, s: NewSubscription, max: number): Promise<void> {
  const { id } = await trx
    .insertInto('push_subscriptions')
    .values({
      user_id: s.userId,
      session_id: s.sessionId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      public_key: s.publicKey,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        session_id: eb.ref('excluded.session_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        public_key: eb.ref('excluded.public_key'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('push_queue').where('subscription_id', '=', id).where('user_id', '!=', s.userId).execute();
  await trx
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', s.userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions as newest')
        .select('newest.id')
        .where('newest.user_id', '=', s.userId)
        .orderBy('newest.created_at', 'desc')
        .orderBy('newest.id', 'desc')
        .limit(max),
    )
    .execute();
}

/** Removes one of the member's own subscriptions by its endpoint (someone else's stays). */
export async function deleteOwnSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Removes the subscriptions made with another VAPID key: after a rotation push services refuse them. */
export async function deleteSubscriptionsOfOtherKeys(db: Executor, publicKey: string): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('public_key', '!=', publicKey).executeTakeFirst();
  return Number(result.numDeletedRows);
}
