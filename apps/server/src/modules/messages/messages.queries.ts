import type { Message, Thread } from '@gardenswap/shared';
import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import { type Executor, type MessagesTable, nowIso, toIso } from '../../db/schema.js';
import { WriteBatcher } from '../../lib/write-batcher.js';
import { shownUsername } from '../account/deleted-members.sql.js';
import { blockedEitherWay } from '../relations/index.js';
import { queueMessagePushes } from '../push/push-queue.queries.js';
import { mayTakePushes } from '../push/push.queries.js';

const MESSAGE_COLUMNS = [
  'id',
  'sender_id',
  'receiver_id',
  'content',
  'client_id',
  'listing_id',
  'created_at',
  'read_at',
] as const;

type MessageRow = Pick<MessagesTable, 'sender_id' | 'receiver_id' | 'content' | 'client_id'> & {
  id: number;
  listing_id: number | null;
  created_at: string | Date;
  read_at: string | Date | null;
};

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  sender_id: row.sender_id,
  receiver_id: row.receiver_id,
  content: row.content,
  client_id: row.client_id,
  listing_id: row.listing_id,
  created_at: toIso(row.created_at),
  read_at: toIso(row.read_at),
});

/** Whether a conversation with this id can be read: a member, or the stand-in of a deleted one. */
export async function conversationPartnerExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

const selectByClientId = preparedQuery(
  (db, v: { sender_id: number; client_id: string }) =>
    db
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('sender_id', '=', v.sender_id)
      .where('client_id', '=', v.client_id),
  { onePlan: true },
);

/** The message a sender already stored under a client id, if any. */
export async function findByClientId(db: Executor, senderId: number, clientId: string): Promise<Message | undefined> {
  const [row] = await selectByClientId(db, { sender_id: senderId, client_id: clientId });
  return row && toMessage(row);
}

interface NewMessage {
  sender_id: number;
  receiver_id: number;
  content: string;
  client_id: string | null;
  listing_id: number | null;
}

/** The most messages one statement stores; each count up to it is a statement of its own. */
const MESSAGES_PER_INSERT = 16;

const insertIfAllowed = preparedQuery(
  (db, v: Record<string, unknown>, count: number) => {
    // One select per message, yielding its row only when its receiver may be messaged.
    const allowed = (i: number) => {
      const senderId = v[`sender_id${i}`] as number;
      const receiverId = v[`receiver_id${i}`] as number;
      return (
        db
          .selectFrom('users')
          // Typed, so PostgreSQL need not guess the type of a bare parameter.
          .select([
            sql<number>`cast(${senderId} as integer)`.as('sender_id'),
            'users.id as receiver_id',
            sql<string>`cast(${v[`content${i}`]} as text)`.as('content'),
            sql<string | null>`cast(${v[`client_id${i}`]} as text)`.as('client_id'),
            sql<number | null>`cast(${v[`listing_id${i}`]} as integer)`.as('listing_id'),
            sql.lit(i).as('n'),
          ])
          .where('users.id', '=', receiverId)
          .where('users.deleted_at', 'is', null)
          .where((w) => w.not(blockedEitherWay(senderId, receiverId, w)))
      );
    };
    let batch = allowed(0);
    for (let i = 1; i < count; i++) batch = batch.unionAll(allowed(i));
    return (
      db
        .insertInto('messages')
        .columns(['sender_id', 'receiver_id', 'content', 'client_id', 'listing_id'])
        // In the order they were sent: ids, and so the order a conversation shows, follow it.
        .expression(
          db
            .selectFrom(batch.as('batch'))
            .select(['batch.sender_id', 'batch.receiver_id', 'batch.content', 'batch.client_id', 'batch.listing_id'])
            .orderBy('batch.n'),
        )
        .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
        .returning(MESSAGE_COLUMNS)
        // Whether its receiver may take its web push: only then is the push looked into.
        .returning(mayTakePushes('messages', sql.ref<number>('messages.receiver_id')).as('push_wanted'))
    );
  },
  { onePlan: true },
);

const sameMessage = (row: MessageRow, m: NewMessage) =>
  row.sender_id === m.sender_id &&
  row.receiver_id === m.receiver_id &&
  row.content === m.content &&
  row.client_id === m.client_id &&
  row.listing_id === m.listing_id;

/**
 * Stores these messages in one statement, each only when its receiver may be messaged (see
 * `insertMessage`), and answers each one's stored row or undefined, in their order, and those of
 * them whose receiver may take their web push.
 */
async function insertMessages(db: Executor, messages: NewMessage[]) {
  const values: Record<string, unknown> = {};
  messages.forEach((m, i) => {
    for (const [name, value] of Object.entries(m)) values[`${name}${i}`] = value;
  });
  const rows = (await insertIfAllowed(db, values, messages.length)).sort((a, b) => a.id - b.id);
  // Ids follow the messages' order, so the rows stored are the messages stored, in order.
  let next = 0;
  const mayPush: Message[] = [];
  const stored = messages.map((m) => {
    const row = rows[next];
    if (!row || !sameMessage(row, m)) return undefined;
    next += 1;
    const message = toMessage(row);
    if (Number(row.push_wanted)) mayPush.push(message);
    return message;
  });
  return { stored, mayPush };
}

/** Messages stored by insertMessage whose web push was queued with them. */
const pushed = new WeakSet<Message>();

/** Whether the push of a message insertMessage stored was queued: its sender wakes the push worker. */
export const pushQueuedFor = (message: Message) => pushed.has(message);

/**
 * Stores messages as `insertMessages` does, then queues the pushes of those whose receivers take
 * them. Not one transaction: a failed write (a full disk) must answer as itself, and a message
 * whose push is lost to a crash in between still reaches its member by e-mail.
 */
async function storeMessages(db: Executor, messages: NewMessage[]): Promise<(Message | undefined)[]> {
  const { stored, mayPush } = await insertMessages(db, messages);
  if (mayPush.length) for (const message of await queueMessagePushes(db, mayPush)) pushed.add(message);
  return stored;
}

const batchers = new WeakMap<Executor, WriteBatcher<NewMessage, Message | undefined>>();

/**
 * Stores a message when its receiver may be messaged: a member who is not the stand-in of a
 * deleted one, and neither of the two blocked the other. Answers undefined, storing nothing, when
 * the receiver may not be messaged or the sender already used the client id: the unique index on
 * (sender_id, client_id) decides, so two racing retries can never both insert. The checks ride on
 * the insert, so a block or a deletion is seen as of the insert itself.
 *
 * Messages sent while another is being stored are stored together, in one statement and one
 * commit (`WriteBatcher`), in the order they were sent. Each message's web push to its receiver's
 * devices is queued right after (see storeMessages).
 */
export async function insertMessage(
  db: Executor,
  values: { sender_id: number; receiver_id: number; content: string; client_id: string | null; listing_id?: number },
): Promise<Message | undefined> {
  const message = { ...values, listing_id: values.listing_id ?? null };
  // A transaction's statements must run on its own connection, so they are not gathered.
  if (db.isTransaction) return (await storeMessages(db, [message]))[0];
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher((messages) => storeMessages(db, messages), MESSAGES_PER_INSERT);
    batchers.set(db, batcher);
  }
  return batcher.add(message);
}

/**
 * A member's conversations, newest first: one row per other member with the last message
 * and how many of theirs are unread. Two queries' worth of work in one statement, whatever
 * the number of threads: each half of the union walks one of the (sender, receiver, id)
 * indexes, the grouping finds each thread's last id, and one join fetches those messages
 * and members.
 */
export async function listThreads(db: Executor, userId: number): Promise<Thread[]> {
  const mine = db
    .selectFrom('messages')
    .select(['receiver_id as other_id', 'id', sql<number>`0`.as('unread')])
    .where('sender_id', '=', userId)
    .unionAll(
      db
        .selectFrom('messages')
        .select((eb) => [
          'sender_id as other_id',
          'id',
          eb.case().when('read_at', 'is', null).then(1).else(0).end().as('unread'),
        ])
        .where('receiver_id', '=', userId),
    );
  const threads = db
    .selectFrom(mine.as('t'))
    .select((eb) => ['t.other_id', eb.fn.max('t.id').as('last_id'), eb.fn.sum<number>('t.unread').as('unread_count')])
    .groupBy('t.other_id');
  const rows = await db
    .selectFrom(threads.as('th'))
    .innerJoin('messages as m', 'm.id', 'th.last_id')
    .innerJoin('users as u', 'u.id', 'th.other_id')
    .where((eb) => eb.not(blockedEitherWay(userId, eb.ref('th.other_id'), eb)))
    .select([
      'u.id as user_id',
      shownUsername('u').as('username'),
      'u.profile_picture',
      'm.id',
      'm.content',
      'm.created_at',
      'm.sender_id',
      'th.unread_count',
    ])
    .orderBy('th.last_id', 'desc')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    username: r.username,
    profile_picture: r.profile_picture,
    last_message: { id: r.id, content: r.content, created_at: toIso(r.created_at), sender_id: r.sender_id },
    unread_count: Number(r.unread_count),
  }));
}

/**
 * The messages between two members, ascending by id: the newest `limit` of them, or with
 * `before` the newest `limit` older than that id (paging back through the history).
 */
export async function listConversation(
  db: Executor,
  userId: number,
  otherId: number,
  page: { before?: number; limit: number },
): Promise<Message[]> {
  let query = db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', userId), eb('receiver_id', '=', otherId)]),
        eb.and([eb('sender_id', '=', otherId), eb('receiver_id', '=', userId)]),
      ]),
    );
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  return rows.reverse().map(toMessage);
}

/**
 * Marks as read everything `otherId` sent to `userId` that was still unread, and answers
 * the newest id it marked with the time it stamped, or undefined when nothing was unread.
 */
export async function markConversationRead(
  db: Executor,
  userId: number,
  otherId: number,
): Promise<{ up_to_id: number; read_at: string } | undefined> {
  const readAt = nowIso();
  const rows = await db
    .updateTable('messages')
    .set({ read_at: readAt })
    .where('sender_id', '=', otherId)
    .where('receiver_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  if (!rows.length) return undefined;
  return { up_to_id: Math.max(...rows.map((r) => r.id)), read_at: toIso(readAt) };
}

/** How many messages sent to me are unread, leaving out members I blocked or who blocked me. */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('receiver_id', '=', userId)
    .where('read_at', 'is', null)
    .where((eb) => eb.not(blockedEitherWay(userId, eb.ref('messages.sender_id'), eb)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
