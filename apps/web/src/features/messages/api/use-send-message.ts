import type { Message, SendMessageInput } from '@gardenswap/shared/messages';
import type { SendMessageAck } from '@gardenswap/shared/socket';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { noteInstallMoment } from '../../../lib/install-prompt';
import type { SocketLike } from '../../../lib/socket';
import { messageKeys } from './keys';
import { addToConversation } from './use-conversation';

/** How long a send over the socket waits for the server's acknowledgement before it counts as not sent. */
export const SEND_ACK_TIMEOUT_MS = 10_000;

export type SendInput = SendMessageInput & { client_id: string };

/**
 * Sends over the socket when it is connected, acknowledged with the stored message; otherwise by
 * POST /messages. The same `client_id` makes a retry store the message only once either way.
 */
export function sendMessage(socket: SocketLike | null, input: SendInput): Promise<Message> {
  if (!socket?.connected) return api<Message>('/messages', { method: 'POST', json: input });
  // The shared event map marks the acknowledgement optional, which the library's typing of
  // acknowledged emits cannot read; the answer is the shared SendMessageAck.
  const acked = socket.timeout(SEND_ACK_TIMEOUT_MS).emitWithAck('send_message', input) as Promise<SendMessageAck>;
  return acked.then(
    (ack) => {
      if (ack.ok) return ack.message;
      throw new ApiError(0, ack.code, ack.detail);
    },
    () => {
      throw new ApiError(0, 'TIMEOUT', 'The message could not be delivered in time.');
    },
  );
}

/** Sends a message and files the stored one into the conversation and the thread list. */
export function useSendMessage(socket: SocketLike | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) => sendMessage(socket, input),
    onSuccess: (message) => {
      noteInstallMoment('message');
      addToConversation(queryClient, message.receiver_id, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
    },
  });
}
