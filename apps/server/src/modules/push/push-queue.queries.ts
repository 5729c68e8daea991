import type { NotificationType, PushKind, PushPayload } from '@gardenswap/shared';
import { PUSH_KIND_OF_NOTIFICATION } from '@gardenswap/shared';
import { isSqlite } from '../../db/dialect.js';
import { type Executor, type PushQueueStatus, nowIso, toIso } from '../../db/schema.js';
import { memberTimeZone } from '../../lib/time-zone.js';
import { messagePayload, noticePayload } from './payloads.js';
import { SWITCH_COLUMN } from './push.queries.js';

/** The subscriptions of these members that take pushes of this kind: the switch on, the session live. */
async function subscriptionsTaking(db: Executor, userIds: number[], kind: PushKind) {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users', 'users.id', 's.user_id')
    .innerJoin('sessions', 'sessions.id', 's.session_id')
    .select(['s.id', 's.user_id'])
    .where('s.user_id', 'in', userIds)
    .where(`users.${SWITCH_COLUMN[kind]}`, '=', 1)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso())
    .execute();
}

async function insertPushes(
  db: Executor,
  to: { userId: number; subscriptions: number[] },
  push: { payload: PushPayload; urgency: 'normal' | 'high'; messageId?: number },
) {
  const now = nowIso();
  const payload = JSON.stringify(push.payload);
  await db
    .insertInto('push_queue')
    .values(
      to.subscriptions.map((subscription_id) => ({
        subscription_id,
        user_id: to.userId,
        kind: push.payload.kind,
        payload,
        urgency: push.urgency,
        message_id: push.messageId ?? null,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Queues the push of a stored notification to each of its member's devices, when its type is pushed
 * and the member's switch for its kind is on; in the transaction that stored it. How many it queued.
 */
export async function queueNotificationPush(
  db: Executor,
  notice: { id: number; user_id: number; type: NotificationType },
): Promise<number> {
  const kind = PUSH_KIND_OF_NOTIFICATION[notice.type];
  if (!kind) return 0;
  const subscriptions = (await subscriptionsTaking(db, [notice.user_id], kind)).map((s) => s.id);
  if (!subscriptions.length) return 0;
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('users as fu', 'fu.id', 'n.from_user_id')
    .leftJoin('listings as l', 'l.id', 'n.listing_id')
    .leftJoin('want_listings as w', 'w.id', 'n.want_id')
    .leftJoin('events as e', 'e.id', 'n.event_id')
    .select([
      'u.time_zone',
      'u.latitude',
      'u.longitude',
      'n.id',
      'n.type',
      'n.listing_id',
      'n.event_id',
      'n.from_user_id',
      'n.note',
      'fu.username as from_username',
      'l.title as listing_title',
      'w.title as want_title',
      'e.title as event_title',
    ])
    .where('n.id', '=', notice.id)
    .executeTakeFirst();
  const payload = row && noticePayload({ ...row, time_zone: memberTimeZone(row) });
  if (!payload) return 0;
  await insertPushes(db, { userId: notice.user_id, subscriptions }, { payload, urgency: 'normal' });
  return subscriptions.length;
}

/**
 * Queues the push of each message to each of its receiver's devices when their switch for messages
 * is on, in the transaction that stored them; the messages whose push was queued.
 */
export async function queueMessagePushes<
  M extends { id: number; sender_id: number; receiver_id: number; content: string },
>(db: Executor, messages: M[]): Promise<M[]> {
  if (!messages.length) return [];
  const subscriptions = await subscriptionsTaking(db, [...new Set(messages.map((m) => m.receiver_id))], 'messages');
  if (!subscriptions.length) return [];
  const senders = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'username'])
    .where('id', 'in', [...new Set(messages.map((m) => m.sender_id))])
    .execute();
  const pushed: M[] = [];
  for (const message of messages) {
    const to = subscriptions.filter((s) => s.user_id === message.receiver_id).map((s) => s.id);
    const sender = senders.find((s) => s.id === message.sender_id);
    if (!to.length || !sender) continue;
    await insertPushes(
      db,
      { userId: message.receiver_id, subscriptions: to },
      {
        payload: messagePayload(message, sender.first_name || sender.username),
        urgency: 'high',
        messageId: message.id,
      },
    );
    pushed.push(message);
  }
  return pushed;
}

/** A claimed push with the subscription it goes to, as the worker sends it. */
export interface ClaimedPush {
  id: number;
  user_id: number;
  kind: PushKind;
  payload: string;
  urgency: 'normal' | 'high';
  message_id: number | null;
  /** Attempts so far, this one included. */
  attempts: number;
  created_at: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `limit` due pushes (queued and due, or held by a lease that ran out), oldest first,
 * for `claim` until `leaseUntil`, counting the attempt; as the outbox's claim, `FOR UPDATE SKIP
 * LOCKED` on PostgreSQL, so concurrent workers never pick the same row.
 */
export async function claimDuePushes(
  db: Executor,
  options: { now: string; leaseUntil: string; claim: string; limit: number },
): Promise<ClaimedPush[]> {
  const { now, leaseUntil, claim, limit } = options;
  const due = db
    .selectFrom('push_queue')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit);
  // The worker asks every second on every instance, nearly always for nothing: a read answers that
  // without taking SQLite's write lock.
  if (!(await due.limit(1).executeTakeFirst())) return [];
  const claimed = await db
    .updateTable('push_queue')
    .set((eb) => ({
      status: 'sending',
      locked_until: leaseUntil,
      locked_by: claim,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', isSqlite(db) ? due : due.forUpdate().skipLocked())
    // Checked again on the row itself, in case another claim got there between pick and update.
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)])]),
    )
    .returning('id')
    .execute();
  if (!claimed.length) return [];
  const rows = await db
    .selectFrom('push_queue as q')
    .innerJoin('push_subscriptions as s', 's.id', 'q.subscription_id')
    .select([
      'q.id',
      'q.user_id',
      'q.kind',
      'q.payload',
      'q.urgency',
      'q.message_id',
      'q.attempts',
      'q.created_at',
      's.endpoint',
      's.p256dh',
      's.auth',
    ])
    .where(
      'q.id',
      'in',
      claimed.map((r) => r.id),
    )
    .where('q.locked_by', '=', claim)
    .where('q.status', '=', 'sending')
    .orderBy('q.id')
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts), created_at: toIso(row.created_at) }));
}

const settled = (db: Executor, id: number, claim: string) =>
  db.updateTable('push_queue').where('id', '=', id).where('locked_by', '=', claim).where('status', '=', 'sending');

/**
 * Marks a claimed push sent; a message's push also records that its conversation reached the
 * member up to that message, so the "unread messages" e-mail leaves it alone. False when the claim
 * no longer holds it. Run it in a transaction.
 */
export async function markPushSent(trx: Executor, push: ClaimedPush, claim: string, now: string): Promise<boolean> {
  const result = await settled(trx, push.id, claim)
    .set({ status: 'sent', sent_at: now, next_attempt_at: null, locked_until: null, locked_by: null, error: null })
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (push.message_id !== null) {
    const message = await trx
      .selectFrom('messages')
      .select(['sender_id', 'receiver_id'])
      .where('id', '=', push.message_id)
      .executeTakeFirst();
    if (message)
      await trx
        .insertInto('message_push_notices')
        .values({
          recipient_id: message.receiver_id,
          sender_id: message.sender_id,
          last_message_id: push.message_id,
          pushed_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['recipient_id', 'sender_id'])
            .doUpdateSet((eb) => ({
              last_message_id: eb.ref('excluded.last_message_id'),
              pushed_at: eb.ref('excluded.pushed_at'),
            }))
            .where('message_push_notices.last_message_id', '<', push.message_id!),
        )
        .execute();
  }
  return true;
}

/**
 * A claimed push's attempt failed: queued again for `retryAt`, or given up (failed) when it is
 * null; the error is kept either way. False when the claim no longer holds it.
 */
export async function markPushFailed(
  db: Executor,
  id: number,
  claim: string,
  failure: { error: string; retryAt: string | null },
): Promise<boolean> {
  const result = await settled(db, id, claim)
    .set({
      status: failure.retryAt ? 'queued' : 'failed',
      next_attempt_at: failure.retryAt,
      locked_until: null,
      locked_by: null,
      error: failure.error,
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A claimed push not sent because its member was looking at a tab: settled, never retried. */
export async function markPushSkipped(db: Executor, id: number, claim: string): Promise<boolean> {
  const result = await settled(db, id, claim)
    .set({ status: 'skipped', next_attempt_at: null, locked_until: null, locked_by: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The push service says the subscription is gone (404, 410): it goes, and every push queued for it
 * with it, the claimed one included. False when the claim no longer held the push.
 */
export async function deleteGoneSubscription(db: Executor, pushId: number, claim: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', (eb) =>
      eb
        .selectFrom('push_queue')
        .select('subscription_id')
        .where('id', '=', pushId)
        .where('locked_by', '=', claim)
        .where('status', '=', 'sending'),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Hands back claimed pushes not tried: due again at once, attempt uncounted. */
export async function releasePushes(db: Executor, ids: number[], claim: string, now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('push_queue')
    .set((eb) => ({
      status: 'queued',
      next_attempt_at: now,
      locked_until: null,
      locked_by: null,
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', 'in', ids)
    .where('locked_by', '=', claim)
    .where('status', '=', 'sending')
    .execute();
}

/** Whether any push is due now or being sent by some worker. */
export async function hasUnsettledPush(db: Executor, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_queue')
    .select('id')
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]), eb('status', '=', 'sending')]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes up to `limit` settled pushes (sent, skipped, given up) written before `before`; how many. */
export async function deleteSettledPushes(db: Executor, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('push_queue')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('push_queue as old')
        .select('old.id')
        .where('old.status', 'in', ['sent', 'skipped', 'failed'])
        .where('old.created_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The push queue at a glance, as an operator watches it. */
export interface PushQueueSummary {
  /** Waiting to be sent, retries included. */
  queued: number;
  /** Claimed by a worker right now. */
  sending: number;
  /** Given up or refused (kept for `keepSettledMs`). */
  failed: number;
  /** When the oldest push still queued or sending was written; null when there is none. */
  oldestWaitingAt: string | null;
}

/** Counts the unsettled pushes by status through the `push_queue_due` index, and finds the oldest waiting. */
export async function summarizePushQueue(db: Executor): Promise<PushQueueSummary> {
  const counts = await db
    .selectFrom('push_queue')
    .select((eb) => ['status', eb.fn.countAll<number>().as('pushes')])
    .where('status', 'in', ['queued', 'sending', 'failed'])
    .groupBy('status')
    .execute();
  const oldest = await db
    .selectFrom('push_queue')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  const count = (status: PushQueueStatus) => Number(counts.find((row) => row.status === status)?.pushes ?? 0);
  return {
    queued: count('queued'),
    sending: count('sending'),
    failed: count('failed'),
    oldestWaitingAt: toIso(oldest?.at ?? null),
  };
}
