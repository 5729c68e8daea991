import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { mayEmail } from '../mail/recipients.js';

/** A conversation whose unread messages are due an e-mail to their recipient. */
export interface DueConversation {
  recipient_id: number;
  sender_id: number;
}

export interface DueRule {
  /** Messages at least this old, to a member seen connected no later than this, are due. */
  awaySince: string;
  /** Messages older than this are left alone. */
  notBefore: string;
  /** A conversation e-mailed after this is not e-mailed again yet. */
  lastMailedBefore: string;
}

type MessagesEb = ExpressionBuilder<Database & { m: Database['messages'] }, 'm'>;

/**
 * Conversations due an "unread messages" e-mail, oldest waiting first: a message unread since
 * before `awaySince` (and after `notBefore`), newer than the last one e-mailed about, to a member who may get such
 * e-mails, has no socket seen since `awaySince`, was not e-mailed about this conversation since
 * `lastMailedBefore`, was not pushed to a device of the member (a push service accepted its push,
 * or a later one's of the conversation), and has no block either way with the sender. Whatever the sweep would skip
 * is left out here, so it can never crowd out the conversations that are due.
 */
export function dueConversations(
  db: Executor,
  rule: DueRule,
  options: { limit: number } | { only: DueConversation },
): Promise<DueConversation[]> {
  let query = db
    .selectFrom('messages as m')
    .innerJoin('users', 'users.id', 'm.receiver_id')
    // A sender who is no longer there leaves no one to name in the e-mail.
    .innerJoin('users as sender', 'sender.id', 'm.sender_id')
    .select(['m.receiver_id as recipient_id', 'm.sender_id'])
    .where('m.read_at', 'is', null)
    .where('m.created_at', '<=', rule.awaySince)
    .where('m.created_at', '>', rule.notBefore)
    .where(mayEmail('messages'))
    .where((eb: MessagesEb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('presence')
            .select('presence.user_id')
            .whereRef('presence.user_id', '=', 'm.receiver_id')
            .where('presence.last_seen_at', '>', rule.awaySince),
        ),
      ),
    )
    .where((eb: MessagesEb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_mail_notices as n')
            .select('n.recipient_id')
            .whereRef('n.recipient_id', '=', 'm.receiver_id')
            .whereRef('n.sender_id', '=', 'm.sender_id')
            .where((n) =>
              n.or([n('n.sent_at', '>', rule.lastMailedBefore), n('n.last_message_id', '>=', n.ref('m.id'))]),
            ),
        ),
      ),
    )
    // A push service accepted the push of this message or a later one: the member was told.
    .where((eb: MessagesEb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_push_notices as p')
            .select('p.recipient_id')
            .whereRef('p.recipient_id', '=', 'm.receiver_id')
            .whereRef('p.sender_id', '=', 'm.sender_id')
            .where('p.last_message_id', '>=', eb.ref('m.id')),
        ),
      ),
    )
    .where((eb: MessagesEb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select('blocks.blocker_id')
            .where((b) =>
              b.or([
                b.and([
                  b('blocks.blocker_id', '=', b.ref('m.receiver_id')),
                  b('blocks.blocked_id', '=', b.ref('m.sender_id')),
                ]),
                b.and([
                  b('blocks.blocker_id', '=', b.ref('m.sender_id')),
                  b('blocks.blocked_id', '=', b.ref('m.receiver_id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .groupBy(['m.receiver_id', 'm.sender_id']);
  if ('only' in options)
    query = query
      .where('m.receiver_id', '=', options.only.recipient_id)
      .where('m.sender_id', '=', options.only.sender_id);
  else query = query.orderBy(sql`min(m.id)`).limit(options.limit);
  return query.execute();
}

/** The recipient's unread messages from the sender: how many, and the newest. */
export async function unreadFrom(db: Executor, { recipient_id, sender_id }: DueConversation) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('latest_id')])
    .where('receiver_id', '=', recipient_id)
    .where('sender_id', '=', sender_id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (!row?.latest_id) return undefined;
  const latest = await db
    .selectFrom('messages')
    .select(['id', 'content'])
    .where('id', '=', Number(row.latest_id))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest };
}

/**
 * Claims the conversation's e-mail up to `latestId`, unless another sweep (on any instance) got
 * there first: it was e-mailed after `lastMailedBefore`, or already up to this message. On
 * PostgreSQL a concurrent claim waits for this one's transaction and then finds it; SQLite runs
 * one write at a time. True when this caller may send the e-mail, in the same transaction.
 */
export async function claimMailNotice(
  trx: Executor,
  conversation: DueConversation,
  latestId: number,
  now: string,
  lastMailedBefore: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('message_mail_notices')
    .values({ ...conversation, last_message_id: latestId, sent_at: now })
    .onConflict((oc) =>
      oc
        .columns(['recipient_id', 'sender_id'])
        .doUpdateSet((eb) => ({
          last_message_id: eb.ref('excluded.last_message_id'),
          sent_at: eb.ref('excluded.sent_at'),
        }))
        .where('message_mail_notices.sent_at', '<=', lastMailedBefore)
        .where('message_mail_notices.last_message_id', '<', latestId),
    )
    .returning('recipient_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The two members of a conversation as the e-mail names them. */
export function mailParties(db: Executor, { recipient_id, sender_id }: DueConversation) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'username'])
    .where('id', 'in', [recipient_id, sender_id])
    .execute()
    .then((rows) => ({
      recipient: rows.find((r) => r.id === recipient_id),
      sender: rows.find((r) => r.id === sender_id),
    }));
}
