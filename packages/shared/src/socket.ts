import type { Message, SendMessageInput } from './messages.js';
import type { ErrorBody } from './errors.js';

/** The acknowledgement of send_message: the stored message, or the error body. */
export type SendMessageAck = { ok: true; message: Message } | ({ ok: false } & Pick<ErrorBody, 'detail' | 'code'>);

/** Events the browser sends. */
export interface ClientToServerEvents {
  send_message: (payload: SendMessageInput, ack?: (result: SendMessageAck) => void) => void;
}

/** Events the server pushes. */
export interface ServerToClientEvents {
  new_message: (message: Message) => void;
}

/** Room of every socket of one member, on every instance. */
export const userRoom = (userId: number) => `user:${userId}`;
/** Room of every socket opened with one token, so revoking it drops them. */
export const tokenRoom = (jti: string) => `token:${jti}`;
