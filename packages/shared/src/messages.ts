import { z } from 'zod';
import { MESSAGE_MAX, PAGE_LIMIT_MAX } from './constants.js';
import { ID_MAX, IdSchema, TimestampSchema } from './common.js';
import { TEXTS } from './texts.js';

/** A message's text: trimmed, 1..2000 characters. */
/** A UTF-16 surrogate without its pair: no database can store it, both store U+FFFD in its place. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const MessageContentSchema = z
  .string({ error: TEXTS.messageEmpty })
  .trim()
  .min(1, TEXTS.messageEmpty)
  .max(MESSAGE_MAX, TEXTS.messageTooLong)
  // As stored, so the message sent and the message kept are the same text (a retry is recognised).
  .transform((content) => content.replace(LONE_SURROGATE, '\uFFFD'));

/** POST /messages and the socket's send_message. `client_id` makes a retry idempotent. */
export const SendMessageInputSchema = z.object({
  receiver_id: z.coerce
    .number({ error: TEXTS.receiverRequired })
    .int(TEXTS.receiverRequired)
    .positive(TEXTS.receiverRequired)
    .max(ID_MAX, TEXTS.receiverNotFound),
  content: MessageContentSchema,
  client_id: z.string().trim().min(1).max(64).optional(),
});
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

/** GET /messages/{userId}: `before` (a message id) pages back; up to `limit` messages, 100 at most and by default. */
export const MessagesQuerySchema = z.object({
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_MAX),
});

/** One message as the API and the socket's new_message carry it. */
export const MessageSchema = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  receiver_id: z.number().int(),
  content: z.string(),
  created_at: TimestampSchema,
  read_at: TimestampSchema.nullable(),
  client_id: z.string().nullable(),
  /** The listing this message carries a card of ("I'd like this"); the card is fetched as the reader may see it. */
  listing_id: z.number().int().nullable().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** One conversation of GET /messages: the other member, the last message, what is unread. */
export const ThreadSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  last_message: z.object({
    id: z.number().int(),
    content: z.string(),
    created_at: TimestampSchema,
    sender_id: z.number().int(),
  }),
  unread_count: z.number().int(),
});
export type Thread = z.infer<typeof ThreadSchema>;

/** GET /messages/unread-count: every unread message sent to me, for the navigation badge. */
export const MessagesUnreadCountSchema = z.object({ count: z.number().int() });
export type MessagesUnreadCount = z.infer<typeof MessagesUnreadCountSchema>;

/** Pushed as `messages_read` to both members: `reader_id` read everything `user_id` sent them up to `up_to_id`. */
export interface MessagesRead {
  reader_id: number;
  user_id: number;
  up_to_id: number;
  read_at: string;
}
