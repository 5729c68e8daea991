import type {
  ModerationLogAction,
  NotificationType,
  PickupStatus,
  PushKind,
  ReportTargetType,
  TradeKind,
} from '@gardenswap/shared';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/**
 * Timestamps: SQLite keeps ISO text, PostgreSQL timestamptz (read back as Date).
 * Rows pass through `toIso` before they leave the query modules.
 */
export type Timestamp = ColumnType<string | Date, string | undefined, string>;
/** Flags are 0/1 integers on both databases, so the same query binds on both drivers. */
export type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  address: string | null;
  apt: string | null;
  /** The postcode's centroid; for distance only, never answered. */
  latitude: number | null;
  longitude: number | null;
  /** One e-mail switch per kind (see EMAIL_KINDS in shared). */
  email_matches: Generated<Flag>;
  email_friend_requests: Generated<Flag>;
  email_messages: Generated<Flag>;
  /** One push switch per kind (see PUSH_KINDS in shared), off until the member turns it on. */
  push_messages: Generated<Flag>;
  push_matches: Generated<Flag>;
  push_friend_requests: Generated<Flag>;
  push_trades: Generated<Flag>;
  push_events: Generated<Flag>;
  email_trades: Generated<Flag>;
  email_digest: Generated<Flag>;
  /** When the member's next weekly "new near you" is due; null while its switch is off. */
  digest_due_at: Timestamp | null;
  /** When their last one was made (sent, or skipped as empty). */
  digest_since: Timestamp | null;
  /** The member's IANA time zone as their browser last said it; times in e-mails use it. */
  time_zone: string | null;
  /**
   * Tokens signed before sessions were kept (they have no `sessions` row) and before this moment
   * no longer count: set whenever a member's sessions are ended.
   */
  sessions_valid_from: Timestamp | null;
  /** 0 from registration until the address's link is used; members from before confirmation count as confirmed. */
  email_confirmed: Generated<Flag>;
  /** The address the member asked to move to; it replaces `email` once its link is used. */
  pending_email: string | null;
  /**
   * Set only on the stand-in row a deleted member's conversations move to: no e-mail, name or
   * photo of theirs, shown as "Deleted member", never reachable as a member.
   */
  deleted_at: Timestamp | null;
  /** Marked by the operator (`npm run moderator`): may use /api/moderation. */
  is_moderator: Generated<Flag>;
  /** Suspended while set and `suspended_until` is null (for good) or still ahead. */
  suspended_at: Timestamp | null;
  suspended_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One sign-in: its token passes only while `ended_at` is null (and the token has not expired). */
export interface SessionsTable {
  id: Generated<number>;
  /** The token's id; the token itself is never stored. */
  jti: string;
  user_id: number;
  /** The browser's User-Agent header when it signed in, cut to a sane length. */
  user_agent: string | null;
  created_at: Timestamp;
  /** Written at most once a minute per session (SESSION_SEEN_EVERY_MS). */
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

/** A "forgot password" link: only the sha256 of its token is kept; used once, within its hour. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A link that confirms `email` for its member: only the sha256 of its token is kept; used once, before it expires. */
export interface EmailConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ListingsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  price: number;
  featured_image: string | null;
  thumbnail: string | null;
  is_active: Flag;
  is_public: Flag;
  type_id: number;
  state_id: number;
  category_id: number;
  /** Set when a moderator hid the listing: the reason its owner is shown. */
  hidden_reason: string | null;
  /** 1 while the owner is suspended, kept in step with the suspension. */
  owner_suspended: Generated<Flag>;
  /** When its owner last said it is still available; null: never since it was listed. */
  renewed_at: Timestamp | null;
  /** When it asked its owner whether it is still available, this cycle; null: not yet. */
  renew_asked_at: Timestamp | null;
  /** Why it paused itself ('not_renewed'); null when active or paused by its owner. */
  paused_reason: string | null;
  /** While reserved (state 2): the member it is kept for, and the owner's pickup note for them. */
  reserved_for_id: number | null;
  pickup_note: string | null;
  /** A seed lot's details (migration 027): null on every other listing, and where the member did not say. */
  variety: string | null;
  packed_year: number | null;
  /** One of POLLINATIONS in shared. */
  pollination: string | null;
  organic: Flag | null;
  quantity: string | null;
  can_mail: Flag | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Open listings of one kind of produce listed lately by the owners at one postcode centre (migration 028). */
export interface InSeasonTable {
  latitude: number;
  longitude: number;
  /** As PRODUCE in shared names it ("Tomatoes"). */
  crop: string;
  listings: number;
}

/** A listing's photos in the owner's order; position 0 is the cover (mirrored on the listing row). */
export interface ListingPhotosTable {
  id: Generated<number>;
  listing_id: number;
  position: number;
  image: string;
  thumbnail: string;
  created_at: Timestamp;
}

export interface WantListingsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  category_id: number;
  created_at: Timestamp;
}

/**
 * One row per pair of members, whoever asked: `user_low` < `user_high` makes the pair
 * unique in both directions, `requester_id` says who asked.
 */
export interface FriendshipsTable {
  id: Generated<number>;
  user_low: number;
  user_high: number;
  requester_id: number;
  status: 'pending' | 'accepted';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  content: string;
  client_id: string | null;
  /** The listing the message carries a card of. */
  listing_id: Generated<number | null>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** A member who asked for a listing ("I'd like this"), once per listing. */
export interface ListingInterestsTable {
  listing_id: number;
  user_id: number;
  created_at: Timestamp;
}

/**
 * A request a member sent with an Idempotency-Key: what it was (route and body fingerprint) and,
 * once done, its status and the listing it answered with.
 */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request: string;
  fingerprint: string;
  status: number | null;
  listing_id: number | null;
  /** When the request started, or when a retry took over one abandoned mid-way. */
  started_at: Timestamp;
  created_at: Timestamp;
}

/** Every word of the listings, as typed, once: what a search's last word may be the beginning of. */
export interface SearchWordsTable {
  word: string;
}

/** When this database first had fresh listings: one row. */
export interface FreshListingsSinceTable {
  id: number;
  at: Timestamp;
}

/** A listing handed over from its owner to a member. */
export interface TradesTable {
  id: Generated<number>;
  /** Null once the listing is deleted; the title stays. */
  listing_id: number | null;
  listing_title: string;
  kind: TradeKind;
  owner_id: number;
  receiver_id: number;
  created_at: Timestamp;
}

/** A thanks from one member of a trade to the other (once each); its recipient may hide it. */
export interface ThanksTable {
  id: Generated<number>;
  trade_id: number;
  from_user_id: number;
  to_user_id: number;
  content: string;
  hidden: Generated<Flag>;
  created_at: Timestamp;
}

/** Image bytes when UPLOADS_STORE=database, so every instance can serve every image. */
export interface ImagesTable {
  name: string;
  content_type: string;
  data: Buffer;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  listing_id: number | null;
  want_id: number | null;
  from_user_id: number | null;
  match_key: string | null;
  /** The event an event notice is about. */
  event_id: Generated<number | null>;
  /** A moderator's reason or a report's outcome, for the moderation notices. */
  note: Generated<string | null>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/**
 * Where an e-mail is: `queued` (waiting for its next attempt), `sending` (claimed by a worker until
 * `locked_until`), `sent`, `failed` (given up, its last error kept), or `kept` (SMTP_URL unset: it
 * stays here to be read and is never sent).
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

/** Every e-mail, written before the request that caused it answers: the durable send queue. */
export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers as a JSON object (List-Unsubscribe when the e-mail has an unsubscribe link). */
  headers: string | null;
  status: Generated<OutboxStatus>;
  /** Attempts claimed so far, the one under way included. */
  attempts: Generated<number>;
  /** When a queued e-mail is due; null once it is settled. */
  next_attempt_at: Timestamp | null;
  /** The worker's lease on a `sending` e-mail: once past, another worker may retake it. */
  locked_until: Timestamp | null;
  /** The claim holding the lease; a worker settles only e-mails its own claim still holds. */
  locked_by: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The last failure, kept when the e-mail is given up. */
  error: string | null;
  /** Files the e-mail carries, as JSON (`MailAttachment[]`). */
  attachments: string | null;
}

/**
 * A browser subscribed to web push: its push service's endpoint (one row per endpoint: a device that
 * subscribes again, or another member signing in on it, takes the row over) and its keys. It
 * belongs to the session that subscribed it and goes with it: deleting the member or the session,
 * or ending the session (a trigger), deletes it and its queued pushes.
 */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which each payload is encrypted to. */
  p256dh: string;
  auth: string;
  /** The server's VAPID public key it was made with: after a rotation it no longer receives anything. */
  public_key: string;
  created_at: Timestamp;
}

/**
 * Where a push is: `queued`, `sending` (claimed until `locked_until`), `sent` (the push service
 * accepted it), `skipped` (the member had a tab in front: not sent), or `failed` (given up or
 * refused, its last error kept).
 */
export type PushQueueStatus = 'queued' | 'sending' | 'sent' | 'skipped' | 'failed';

/** One push to one subscription, written in the transaction of what it tells of: the durable send queue. */
export interface PushQueueTable {
  id: Generated<number>;
  subscription_id: number;
  /** The subscription's member when it was queued (a device taken over by another member drops it). */
  user_id: number;
  kind: PushKind;
  /** The PushPayload as JSON; encrypted to the subscription's keys only when sent. */
  payload: string;
  urgency: 'normal' | 'high';
  /** The message a message push tells of: once accepted, its conversation is not e-mailed for it. */
  message_id: number | null;
  status: Generated<PushQueueStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  locked_until: Timestamp | null;
  locked_by: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}

/** Per conversation, the newest message whose push a push service accepted: no e-mail for it or those before. */
export interface MessagePushNoticesTable {
  recipient_id: number;
  sender_id: number;
  last_message_id: number;
  pushed_at: Timestamp;
}

/** When a member was last seen with a connected socket on any instance (kept fresh while connected). */
export interface PresenceTable {
  user_id: number;
  last_seen_at: Timestamp;
}

/** The last "unread messages" e-mail of a conversation: to whom, about whose messages, up to which one, when. */
export interface MessageMailNoticesTable {
  recipient_id: number;
  sender_id: number;
  last_message_id: number;
  sent_at: Timestamp;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: string;
  /** 'open' until moderation resolves it; a member has at most one open report per target. */
  status: Generated<'open' | 'resolved'>;
  created_at: Timestamp;
}

/**
 * One moderator's action on a target, or the taking back of one: the audit log. It outlives the
 * members it names: deleting an account sets their references null ("Deleted member").
 */
export interface ModerationActionsTable {
  id: Generated<number>;
  /** Null once the moderator deleted their account. */
  moderator_id: number | null;
  action: ModerationLogAction;
  target_type: ReportTargetType;
  target_id: number;
  target_label: string;
  /** The member the action concerned (the listing's owner, the message's sender, the member). */
  member_id: number | null;
  note: string | null;
  suspended_until: Timestamp | null;
  reports_resolved: Generated<number>;
  created_at: Timestamp;
}

/**
 * A reserved listing's pickup between its owner and the member it is kept for; it counts only while
 * the listing is still reserved for that member.
 */
export interface PickupsTable {
  listing_id: number;
  owner_id: number;
  member_id: number;
  offered_by_id: number;
  status: PickupStatus;
  /** The offered UTC instants, earliest first, as a JSON array. */
  times: string;
  agreed_time: Timestamp | null;
  place: string | null;
  note: string | null;
  /** When both are reminded; nulled once they are. */
  remind_at: Timestamp | null;
  /** When the owner is asked whether it was handed over; nulled once they are. */
  handover_ask_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An event a member hosts, placed at its ZIP code's centre; its address is shown as given. */
export interface EventsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: Generated<string>;
  photo: string | null;
  thumbnail: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  place_name: string;
  address: string | null;
  zip_code: string;
  latitude: number;
  longitude: number;
  /** Null: no limit. */
  capacity: number | null;
  /** Set once its host cancelled it. */
  cancelled_at: Timestamp | null;
  /** Set when a moderator hid the event: the reason its host is shown. */
  hidden_reason: string | null;
  /** 1 while the host is suspended, kept in step with the suspension. */
  owner_suspended: Generated<Flag>;
  /** When the going members and the host are reminded; nulled once they are. */
  remind_at: Timestamp | null;
  /** Counts the changes a calendar entry follows (its SEQUENCE). */
  sequence: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member going to an event, once. */
export interface EventAttendeesTable {
  event_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  listings: ListingsTable;
  listing_photos: ListingPhotosTable;
  want_listings: WantListingsTable;
  friendships: FriendshipsTable;
  messages: MessagesTable;
  images: ImagesTable;
  notifications: NotificationsTable;
  outbox: OutboxTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  presence: PresenceTable;
  message_mail_notices: MessageMailNoticesTable;
  moderation_actions: ModerationActionsTable;
  listing_interests: ListingInterestsTable;
  trades: TradesTable;
  thanks: ThanksTable;
  idempotency_keys: IdempotencyKeysTable;
  fresh_listings_since: FreshListingsSinceTable;
  in_season: InSeasonTable;
  pickups: PickupsTable;
  events: EventsTable;
  event_attendees: EventAttendeesTable;
  search_words: SearchWordsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  message_push_notices: MessagePushNoticesTable;
}

export type DB = Kysely<Database>;
/** Query functions take either the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Turns either database's timestamp into the API's ISO string. */
export function toIso(value: string | Date): string;
export function toIso(value: string | Date | null): string | null;
export function toIso(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : value;
}

/** The current time as both databases store it. */
export const nowIso = () => new Date().toISOString();
