import type { Message, MessagesRead, SendMessageInput } from './messages.js';
import type { ErrorBody } from './errors.js';
import type { Notification } from './notifications.js';
import type { TabFocus } from './push.js';
import type { TradeUpdated } from './trade.js';

/**
 * The acknowledgement of send_message: the stored message, or the error body; a refusal that
 * knows when to try again (sending too fast) says, in `retry_after`, how many seconds to wait,
 * as HTTP's Retry-After does.
 */
export type SendMessageAck =
  { ok: true; message: Message } | ({ ok: false } & Pick<ErrorBody, 'detail' | 'code'> & { retry_after?: number });

/** Events the browser sends. */
export interface ClientToServerEvents {
  send_message: (payload: SendMessageInput, ack?: (result: SendMessageAck) => void) => void;
  /** I am typing to `receiver_id`; at most one a second counts. */
  typing: (payload: { receiver_id: number }) => void;
  /** I have read what `user_id` sent me. */
  mark_read: (payload: { user_id: number }) => void;
  /** This tab came to the front (`focused: true`) or left it; also sent on connect. No push reaches a member looking at a tab. */
  tab_focus: (payload: TabFocus) => void;
}

/** Events the server pushes. */
export interface ServerToClientEvents {
  new_message: (message: Message) => void;
  /** `user_id` is typing to me. */
  typing: (payload: { user_id: number }) => void;
  /** Sent to both members when one of them read the other's messages. */
  messages_read: (payload: MessagesRead) => void;
  /** Something new for me: a match, a friend request, an accepted request. */
  notification: (notification: Notification) => void;
  /** A listing or want changed that may make or end a swap for me: refetch GET /swaps. */
  swaps_changed: () => void;
  /** A step of a trade happened on a listing (interest, reservation, hand-over, thanks): sent to both members. */
  trade_updated: (payload: TradeUpdated) => void;
}

/** Room of every socket of one member, on every instance. */
export const userRoom = (userId: number) => `user:${userId}`;
/** Room of every socket opened with one token, so revoking it drops them. */
export const tokenRoom = (jti: string) => `token:${jti}`;
