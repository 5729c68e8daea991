import { sql } from 'kysely';
import { z } from 'zod';
import { isSqlite } from '../../db/dialect.js';
import { type Executor, type OutboxStatus, toIso } from '../../db/schema.js';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const satisfies OutboxStatus[];

/** An e-mail in the outbox, as its recipient reads it. */
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** kept (SMTP_URL unset), queued, sending, sent or failed (given up). */
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** When a queued e-mail is tried next. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The last failure to send it. */
  error: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

const OWN_OUTBOX_PAGE = 50;

function outboxSelect(db: Executor) {
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'to_address',
      'subject',
      'html',
      'text',
      'status',
      'attempts',
      'next_attempt_at',
      'created_at',
      'sent_at',
      'error',
    ])
    .orderBy('id', 'desc');
}

function toOutboxMail(row: Awaited<ReturnType<ReturnType<typeof outboxSelect>['executeTakeFirstOrThrow']>>) {
  return {
    ...row,
    attempts: Number(row.attempts),
    next_attempt_at: toIso(row.next_attempt_at),
    created_at: toIso(row.created_at),
    sent_at: toIso(row.sent_at),
  };
}

/** The latest kept e-mails addressed to this member (compared case-insensitively), and no one else's. */
export async function listOwnOutbox(db: Executor, userId: number): Promise<OutboxMail[]> {
  const rows = await outboxSelect(db)
    .where(sql<string>`lower(to_address)`, '=', (eb) =>
      eb
        .selectFrom('users')
        .select(sql<string>`lower(email)`.as('email'))
        .where('id', '=', userId),
    )
    .limit(OWN_OUTBOX_PAGE)
    .execute();
  return rows.map(toOutboxMail);
}

/** The operator's view: the latest e-mails, optionally to one address or in one status only. */
export async function listOutbox(
  db: Executor,
  options: { to?: string; status?: OutboxStatus; limit: number },
): Promise<OutboxMail[]> {
  let query = outboxSelect(db).limit(options.limit);
  if (options.to) query = query.where(sql<string>`lower(to_address)`, '=', options.to.toLowerCase());
  if (options.status) query = query.where('status', '=', options.status);
  return (await query.execute()).map(toOutboxMail);
}

/** One kept e-mail by its id. */
export async function getOutboxMail(db: Executor, id: number): Promise<OutboxMail | undefined> {
  const row = await outboxSelect(db).where('id', '=', id).executeTakeFirst();
  return row && toOutboxMail(row);
}

/** An e-mail to write into the outbox. */
export interface NewOutboxMail {
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: string | null;
  /** The files it carries, as JSON, or null. */
  attachments: string | null;
  /** queued to be sent, or kept (SMTP_URL unset). */
  status: 'queued' | 'kept';
}

/** Writes an e-mail into the outbox; a queued one is due at once. Returns its id. */
export async function insertOutboxMail(db: Executor, mail: NewOutboxMail, now: string): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({ ...mail, next_attempt_at: mail.status === 'queued' ? now : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A claimed e-mail, as the worker sends it. */
export interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: string | null;
  attachments: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  created_at: string;
}

/**
 * Claims up to `limit` due e-mails (queued and due, or held by a lease that ran out), oldest
 * first, for `claim` until `leaseUntil`, counting the attempt. One statement: on PostgreSQL the
 * rows are picked `FOR UPDATE SKIP LOCKED`, so concurrent workers never pick the same row nor wait
 * on each other; SQLite runs one write at a time, so the statement alone is exclusive there.
 */
export async function claimDueMails(
  db: Executor,
  options: { now: string; leaseUntil: string; claim: string; limit: number },
): Promise<ClaimedMail[]> {
  const { now, leaseUntil, claim, limit } = options;
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit);
  const rows = await db
    .updateTable('outbox')
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
    .returning(['id', 'to_address', 'subject', 'html', 'text', 'headers', 'attachments', 'attempts', 'created_at'])
    .execute();
  return rows
    .map((row) => ({ ...row, attempts: Number(row.attempts), created_at: toIso(row.created_at) }))
    .sort((a, b) => a.id - b.id);
}

/** Marks a claimed e-mail sent; false when the claim no longer holds it. */
export async function markMailSent(db: Executor, id: number, claim: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, next_attempt_at: null, locked_until: null, locked_by: null, error: null })
    .where('id', '=', id)
    .where('locked_by', '=', claim)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A claimed e-mail's attempt failed: queued again for `retryAt`, or given up (failed) when
 * `retryAt` is null; the error is kept either way. False when the claim no longer holds it.
 */
export async function markMailFailed(
  db: Executor,
  id: number,
  claim: string,
  failure: { error: string; retryAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: failure.retryAt ? 'queued' : 'failed',
      next_attempt_at: failure.retryAt,
      locked_until: null,
      locked_by: null,
      error: failure.error,
    })
    .where('id', '=', id)
    .where('locked_by', '=', claim)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands back claimed e-mails not tried (a stopping worker, a lease too short): due again at once, attempt uncounted. */
export async function releaseMails(db: Executor, ids: number[], claim: string, now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
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

/** Whether any e-mail is due now or being sent by some worker. */
export async function hasUnsettledMail(db: Executor, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]), eb('status', '=', 'sending')]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The send queue at a glance, as an operator watches it. */
export interface MailQueueSummary {
  /** Waiting to be sent, retries included. */
  queued: number;
  /** Claimed by a worker right now. */
  sending: number;
  /** Given up. */
  failed: number;
  /** When the oldest e-mail still queued or sending was written; null when there is none. */
  oldestWaitingAt: string | null;
}

/**
 * Counts the unsettled e-mails by status through the `outbox_due` index, and finds the oldest of
 * those still waiting (few), so sent and kept e-mails, however many, are never read.
 */
export async function summarizeMailQueue(db: Executor): Promise<MailQueueSummary> {
  const counts = await db
    .selectFrom('outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('mails')])
    .where('status', 'in', ['queued', 'sending', 'failed'])
    .groupBy('status')
    .execute();
  const oldest = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  const count = (status: OutboxStatus) => Number(counts.find((row) => row.status === status)?.mails ?? 0);
  return {
    queued: count('queued'),
    sending: count('sending'),
    failed: count('failed'),
    oldestWaitingAt: toIso(oldest?.at ?? null),
  };
}
