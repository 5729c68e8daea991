import { type Message, SAFETY_TEXTS, SendMessageInputSchema, TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidField, notFound } from '../../../lib/app-error.js';
import { toAppError } from '../../../plugins/errors.js';
import { isBlockedPair, memberExists } from '../../relations/index.js';
import { findByClientId, insertMessage, pushQueuedFor } from '../messages.queries.js';

/**
 * The one way a message is sent, by POST /messages and by the socket's send_message alike.
 * Validates `input` (anything a client sent), stores the message with its web push to the
 * receiver's devices (one transaction, see insertMessage) and pushes `new_message` to every open
 * socket of both members.
 *
 * With a `client_id` a retried send is idempotent: it answers the message stored by the
 * first attempt, stores nothing and pushes nothing, since the first attempt already
 * pushed it to both members.
 *
 * Every other send spends the sender's one message budget (429 RATE_LIMITED when spent).
 *
 * `card` is set only by the server ("I'd like this"): the listing the message carries a card of.
 */
export async function sendMessage(
  app: FastifyInstance,
  senderId: number,
  input: unknown,
  card?: { listing_id: number },
): Promise<Message> {
  const parsed = SendMessageInputSchema.safeParse(input);
  if (!parsed.success) throw toAppError(parsed.error);
  const { receiver_id, content, client_id } = parsed.data;
  if (receiver_id === senderId) throw invalidField('receiver_id', TEXTS.messageSelf);

  if (client_id) {
    const earlier = await findByClientId(app.db, senderId, client_id);
    if (earlier) return earlier;
  }
  // After the look-up, so a retry of a stored message costs nothing; before the insert, so a
  // flood past the budget costs no further database work.
  await app.messageBudget.spend(senderId);

  // One statement stores the message only if the receiver may be messaged; only when it stores
  // nothing do we ask why, in the order a client is answered: gone, blocked, or a retry.
  const stored = await insertMessage(app.db, {
    sender_id: senderId,
    receiver_id,
    content,
    client_id: client_id ?? null,
    ...card,
  });
  if (!stored) {
    if (!(await memberExists(app.db, receiver_id))) throw notFound(TEXTS.receiverNotFound);
    if (await isBlockedPair(app.db, senderId, receiver_id)) throw forbidden(SAFETY_TEXTS.cannotMessage);
    // A retry with the same client_id won the race between our look-up and our insert.
    const earlier = client_id ? await findByClientId(app.db, senderId, client_id) : undefined;
    if (!earlier) throw new Error('a message was refused but neither its receiver nor its client_id explains why');
    return earlier;
  }
  app.realtime.toUsers([receiver_id, senderId], 'new_message', stored);
  // Committed by now: the push worker finds the receiver's pushes at once.
  if (pushQueuedFor(stored)) app.push.wake();
  return stored;
}
