import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { IdSchema, TimestampSchema } from './common.js';
import { PHOTO_PATH_DESCRIPTION } from './listings.js';

export const NOTIFICATION_TYPES = [
  'match',
  'friend_request',
  'friend_accepted',
  // Moderation: a listing of mine hidden, a warning to me, the outcome of my report, and what a moderator took back.
  'listing_hidden',
  'moderation_warning',
  'report_outcome',
  'listing_unhidden',
  'suspension_lifted',
  // Fresh listings: is my listing still available; it paused itself.
  'listing_renew',
  'listing_paused',
  // A trade: someone would like my listing; a listing reserved for me (or no longer); a trade to thank for; thanks for me.
  'listing_interest',
  'listing_reserved',
  'reservation_cancelled',
  'trade_thanks_asked',
  'thanks_received',
  // Pickup times on a reserved listing: offered, another asked for, agreed, cancelled; a reminder before; was it handed over.
  'pickup_offered',
  'pickup_asked',
  'pickup_agreed',
  'pickup_cancelled',
  'pickup_reminder',
  'pickup_handover_asked',
  // An event I am going to changed, was cancelled, or is tomorrow; a moderator hid one of mine, or took it back.
  'event_changed',
  'event_cancelled',
  'event_reminder',
  'event_hidden',
  'event_unhidden',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How many notifications one page of GET /notifications holds. */
export const NOTIFICATIONS_PAGE = 50;

/**
 * One entry of GET /notifications and the live `notification` event. `listing` and `want`
 * belong to matches; `from_user` to friend requests, acceptances and matches (the listing's owner).
 */
export const NotificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  created_at: TimestampSchema,
  read_at: TimestampSchema.nullable(),
  listing_id: z.number().int().nullable(),
  want_id: z.number().int().nullable(),
  from_user: z
    .object({ id: z.number().int(), username: z.string(), profile_picture: z.string().nullable() })
    .nullable(),
  listing: z
    .object({
      id: z.number().int(),
      title: z.string(),
      thumbnail: z.string().nullable().describe(PHOTO_PATH_DESCRIPTION),
    })
    .nullable(),
  want: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The event of the event notices. */
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /**
   * A moderator's reason (hidden listing, warning) or a report's outcome; a pickup's agreed time
   * (an ISO instant, for `pickup_agreed` and `pickup_reminder`) or the note asking for another time;
   * an event's start (an ISO instant, for `event_changed` and `event_reminder`).
   */
  note: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({ before: IdSchema.optional() });

export const UnreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** POST /notifications/read: the given ids, or every one when `ids` is absent. */
export const MarkReadInputSchema = z.object({ ids: z.array(IdSchema).max(500).optional() });
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>;

/** POST /auth/invite */
export const InviteInputSchema = z.object({ email: EmailSchema });
export type InviteInput = z.infer<typeof InviteInputSchema>;

/** The e-mails a member can preview at /match-noti and /friend-invi. */
export const MAIL_PREVIEWS = ['match', 'friend-invitation', 'messages', 'listing-renew'] as const;
export type MailPreview = (typeof MAIL_PREVIEWS)[number];

export const NOTIFICATION_TEXTS = {
  matchSubject: 'You got a match',
  inviteSent: 'Invitation sent',
  notificationsTitle: 'Notifications',
  notificationsEmpty: 'No notifications yet',
  markAllRead: 'Mark all as read',
  alreadyAvailable: 'Already available',
  unsubscribed: 'You will no longer get e-mails from Gardenswap.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
