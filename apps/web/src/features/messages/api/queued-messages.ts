import type { Message } from '@gardenswap/shared/messages';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { isConnectionError } from '../../../lib/offline/connectivity';
import { type OutboxEntry, addToOutbox, cancelEntry, useOutbox } from '../../../lib/offline/outbox';
import type { OutboxKind } from '../../../lib/offline/outbox-sender';
import { messageKeys } from './keys';
import { addToConversation } from './use-conversation';
import type { SendInput } from './use-send-message';

/** The outbox's name for messages written offline. */
export const MESSAGE_KIND = 'message';

export type WaitingMessage = OutboxEntry<SendInput>;

/** A send that got no answer (no connection, or no acknowledgement in time): it may be tried again as is. */
export const wentUnanswered = (error: unknown) =>
  isConnectionError(error) || (error instanceof ApiError && error.status === 0 && error.code === 'TIMEOUT');

/** Keeps a message on the device until the connection is back; its `client_id` makes it stored once. */
export const queueMessage = (memberId: number, input: SendInput) => addToOutbox(memberId, MESSAGE_KIND, input);

/** The member's Cancel: false when it is being sent right now. */
export const cancelWaitingMessage = (memberId: number, entryId: string) => cancelEntry(memberId, entryId);

/**
 * How the outbox sends a waiting message: POST /messages with its `client_id` (a repeat answers
 * the message stored the first time), then files it into the conversation and the thread list.
 */
export const messageOutboxKind = (queryClient: QueryClient): OutboxKind<SendInput> => ({
  send: (input) => api<Message>('/messages', { method: 'POST', json: input }),
  sent: (answer) => {
    const message = answer as Message;
    addToConversation(queryClient, message.receiver_id, message);
    void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
  },
});

/** My messages to `otherId` kept on this device, oldest first. */
export function useWaitingMessages(memberId: number, otherId: number): WaitingMessage[] {
  const entries = useOutbox(memberId);
  return useMemo(
    () =>
      entries.filter(
        (entry): entry is WaitingMessage =>
          entry.kind === MESSAGE_KIND && (entry.payload as SendInput).receiver_id === otherId,
      ),
    [entries, otherId],
  );
}
