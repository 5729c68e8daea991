import { z } from 'zod';
import type { NotificationType } from './notifications.js';

/** The kinds of push notification a member can switch on or off one by one (all off at first). */
export const PUSH_KINDS = ['messages', 'matches', 'friend_requests', 'trades', 'events'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Which stored notifications go out as a push of which kind; the others (moderation, renewals) stay in the app. */
export const PUSH_KIND_OF_NOTIFICATION: Partial<Record<NotificationType, PushKind>> = {
  match: 'matches',
  friend_request: 'friend_requests',
  friend_accepted: 'friend_requests',
  listing_interest: 'trades',
  listing_reserved: 'trades',
  reservation_cancelled: 'trades',
  trade_thanks_asked: 'trades',
  thanks_received: 'trades',
  pickup_offered: 'trades',
  pickup_asked: 'trades',
  pickup_agreed: 'trades',
  pickup_cancelled: 'trades',
  pickup_reminder: 'trades',
  pickup_handover_asked: 'trades',
  event_changed: 'events',
  event_cancelled: 'events',
  event_reminder: 'events',
};

/** The member's push switches, one per kind. */
export const PushSwitchesSchema = z.object({
  messages: z.boolean(),
  matches: z.boolean(),
  friend_requests: z.boolean(),
  trades: z.boolean(),
  events: z.boolean(),
});
export type PushSwitches = z.infer<typeof PushSwitchesSchema>;

/** GET and PATCH /push/settings: the switches, the server's VAPID public key, and how many devices are subscribed. */
export const PushSettingsSchema = z.object({
  /** The application server key (VAPID, base64url) a browser subscribes with. */
  public_key: z.string(),
  switches: PushSwitchesSchema,
  /** Devices (browsers) of this member that receive pushes. */
  devices: z.number().int(),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** PATCH /push/settings: any of the switches; those left out stay as they are. */
export const PushSwitchesInputSchema = PushSwitchesSchema.partial().refine((s) => Object.keys(s).length > 0, {
  message: 'Name at least one notification setting',
});
export type PushSwitchesInput = z.infer<typeof PushSwitchesInputSchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'Invalid key');

/**
 * POST /push/subscriptions: a browser's PushSubscription as `toJSON()` gives it. It belongs to the
 * session that sends it: signing that session out removes it.
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** DELETE /push/subscriptions: this device stops receiving pushes. */
export const PushUnsubscribeInputSchema = z.object({ endpoint: z.string().max(2048) });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInputSchema>;

/**
 * What a push carries to the service worker: only what its notification shows (never an e-mail
 * address, never a photo). `tag` makes a newer notification of the same conversation replace the
 * last; `url` is the screen that tapping it opens, a path of this site.
 */
export const PushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string().max(200),
  body: z.string().max(300),
  url: z.string().regex(/^\/(?!\/)/, 'A path of this site'),
  tag: z.string().max(100),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** The profile's switch for each kind. */
export const PUSH_KIND_TEXTS: Record<PushKind, { label: string; hint: string }> = {
  messages: { label: 'Messages', hint: 'When someone sends you a message.' },
  matches: { label: 'Matches', hint: 'When a listing matches an item on your wish list.' },
  friend_requests: { label: 'Friend requests', hint: 'When someone asks to be your friend, or accepts.' },
  trades: { label: 'Trades', hint: 'When someone would like your listing, reserves one for you, or thanks you.' },
  events: { label: 'Events', hint: 'When an event you are going to changes or is cancelled, and the day before it.' },
};

export const PUSH_TEXTS = {
  title: 'Notifications on this device',
  turnOn: 'Turn on notifications',
  turningOn: 'Turning on...',
  turnOff: 'Turn off on this device',
  /** The browser has no push (an old browser, or iOS Safari outside an installed app). */
  unsupported: 'This browser cannot show notifications from Gardenswap.',
  /** iOS delivers push only to an app added to the Home Screen. */
  iosHint: 'Add Gardenswap to your Home Screen to get notifications: tap Share, then “Add to Home Screen”.',
  denied: 'Notifications are blocked for Gardenswap in this browser’s settings.',
  subscribeFailed: 'Could not turn on notifications. Please try again.',
  saveFailed: 'Failed to save your notification setting. Please try again.',
  /** The prompt after a member's first message or listing. */
  askTitle: 'Get notified on this device?',
  askMessages: 'Know when they answer, even when Gardenswap is closed.',
  notNow: 'Not now',
  /** A push whose notification is a message: its title names the sender; its body is the text, cut short. */
  messageBodyLength: 140,
} as const;

/** Refusals of POST /push/subscriptions. */
export const PUSH_ERROR_TEXTS = {
  /** An endpoint that is not a public https address (a push service never is anything else). */
  endpointRefused: 'This browser’s push service cannot be used.',
  /** p256dh must be a P-256 public key (65 bytes), auth 16 bytes, both base64url. */
  invalidKey: 'Invalid key',
} as const;

/** socket `tab_focus`: whether this tab is in front of the member; sent on connect and on every change. */
export const TabFocusSchema = z.object({ focused: z.boolean() });
export type TabFocus = z.infer<typeof TabFocusSchema>;

/** What a pushed notification names: the other member (their username), a listing, a wish-list item, an event, a note. */
export interface PushNoticeParts {
  from: string;
  listing: string;
  want: string;
  event: string;
  note: string;
}

/** A member the notification names who is no longer there. */
export const PUSH_SOMEONE = 'A member';

/** The title and body of the push of each notification that is pushed (PUSH_KIND_OF_NOTIFICATION): short and specific. */
export const PUSH_NOTICE_TEXTS: Partial<
  Record<NotificationType, (p: PushNoticeParts) => { title: string; body: string }>
> = {
  match: (p) => ({ title: `${p.from} listed “${p.listing}”`, body: `It matches “${p.want}” on your wish list.` }),
  friend_request: (p) => ({ title: `${p.from} wants to be your friend`, body: 'Open your friends to answer.' }),
  friend_accepted: (p) => ({ title: `${p.from} accepted your friend request`, body: 'You are friends now.' }),
  listing_interest: (p) => ({ title: `${p.from} would like “${p.listing}”`, body: 'Open the chat to arrange it.' }),
  listing_reserved: (p) => ({ title: `${p.from} reserved “${p.listing}” for you`, body: 'See the pickup details.' }),
  reservation_cancelled: (p) => ({
    title: `“${p.listing}” is no longer reserved for you`,
    body: `${p.from} no longer keeps it for you.`,
  }),
  trade_thanks_asked: (p) => ({ title: `“${p.note}” changed hands with ${p.from}`, body: 'Say thanks.' }),
  thanks_received: (p) => ({ title: `${p.from} thanked you`, body: `“${p.note}”` }),
  pickup_offered: (p) => ({
    title: `${p.from} offered pickup times`,
    body: `For “${p.listing}”. Pick one that suits you.`,
  }),
  pickup_asked: (p) => ({
    title: `${p.from} asked for another pickup time`,
    body: p.note ? `“${p.note}”` : `For “${p.listing}”.`,
  }),
  pickup_agreed: (p) => ({ title: `Pickup with ${p.from}: ${p.note}`, body: `“${p.listing}”` }),
  pickup_cancelled: (p) => ({ title: `${p.from} cancelled the pickup`, body: `For “${p.listing}”.` }),
  pickup_reminder: (p) => ({ title: `Pickup with ${p.from} at ${p.note}`, body: `“${p.listing}”` }),
  pickup_handover_asked: (p) => ({ title: `Was “${p.listing}” handed over?`, body: `Mark it once ${p.from} has it.` }),
  event_changed: (p) => ({ title: `“${p.event}” changed`, body: `Now ${p.note}. Have a look before you go.` }),
  event_cancelled: (p) => ({ title: `“${p.event}” was cancelled`, body: `${p.from} called it off.` }),
  event_reminder: (p) => ({ title: `Tomorrow: “${p.event}”`, body: `Starts ${p.note}.` }),
};

/** The notifications whose note is a pickup's agreed time (an ISO instant), shown in the reader's own zone. */
export const PICKUP_TIME_NOTICES: readonly NotificationType[] = ['pickup_agreed', 'pickup_reminder'];

/** The notifications whose note is an event's start (an ISO instant), shown in the reader's own zone. */
export const EVENT_TIME_NOTICES: readonly NotificationType[] = ['event_changed', 'event_reminder'];
