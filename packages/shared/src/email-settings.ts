import { z } from 'zod';

/** The kinds of e-mail a member can switch on or off one by one. */
export const EMAIL_KINDS = ['matches', 'friend_requests', 'messages', 'trades', 'digest'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The member's e-mail switches, one per kind; only in their own profile. */
export const EmailNotificationsSchema = z.object({
  /** A listing matches an item on the wish list; one of the member's listings asks to be renewed. */
  matches: z.boolean(),
  /** Someone sends a friend request (or an invitation to the member's address). */
  friend_requests: z.boolean(),
  /** Messages wait unread while the member is away from the app. */
  messages: z.boolean(),
  /** A pickup time is agreed, moved or cancelled, and is near; an event I am going to changes, is cancelled, or is tomorrow. */
  trades: z.boolean(),
  /** Once a week, the new listings near them ("new near you"); off for members from before it existed. */
  digest: z.boolean(),
});
export type EmailNotifications = z.infer<typeof EmailNotificationsSchema>;

/**
 * PATCH /auth/profile: any of the switches; those left out stay as they are. A single true or
 * false, the shape from before the switches were split, sets every kind.
 */
export const ProfileSettingsInputSchema = z.object({
  email_notifications: z.union([
    z.boolean().transform((on): Partial<EmailNotifications> => ({
      matches: on,
      friend_requests: on,
      messages: on,
      trades: on,
      digest: on,
    })),
    EmailNotificationsSchema.partial().refine((s) => Object.keys(s).length > 0, {
      message: 'Name at least one e-mail setting',
    }),
  ]),
});
export type ProfileSettingsInput = z.infer<typeof ProfileSettingsInputSchema>;

/** The profile's switch for each kind, what its unsubscribe page asks, and what it confirms. */
export const EMAIL_KIND_TEXTS: Record<
  EmailKind,
  { label: string; hint: string; unsubscribeQuestion: string; unsubscribed: string }
> = {
  matches: {
    label: 'Matches',
    hint: 'When a listing matches an item on your wish list, or one of yours asks whether it is still available.',
    unsubscribeQuestion: 'Turn off e-mails about matches and about renewing your listings?',
    unsubscribed: 'You will no longer get e-mails about matches for your wish list or about renewing your listings.',
  },
  friend_requests: {
    label: 'Friend requests',
    hint: 'When someone sends you a friend request.',
    unsubscribeQuestion: 'Turn off e-mails about friend requests?',
    unsubscribed: 'You will no longer get e-mails about friend requests.',
  },
  messages: {
    label: 'Messages',
    hint: 'When a message waits unread for you while you are away from Gardenswap.',
    unsubscribeQuestion: 'Turn off e-mails about new messages?',
    unsubscribed: 'You will no longer get e-mails about new messages.',
  },
  trades: {
    label: 'Pickup and event times',
    hint: 'When a pickup time is agreed, moved or cancelled, or an event you are going to changes or is cancelled; and a reminder before either.',
    unsubscribeQuestion: 'Turn off e-mails about pickup and event times?',
    unsubscribed: 'You will no longer get e-mails about pickup or event times.',
  },
  digest: {
    label: 'New near you, weekly',
    hint: 'On Saturday mornings, the new listings near you, your wish-list matches first. Never sent empty.',
    unsubscribeQuestion: 'Turn off the weekly e-mail of new listings near you?',
    unsubscribed: 'You will no longer get the weekly e-mail of new listings near you.',
  },
};

/** The page an e-mail's unsubscribe link opens: it asks, and only its button turns e-mails off. */
export const UNSUBSCRIBE_TEXTS = {
  checking: 'Checking the link...',
  /** A link from before e-mail was switched per kind turns every kind off. */
  everyKindQuestion: 'Turn off every e-mail from Gardenswap?',
  securityStays: 'Notices about the security of your account still reach you.',
  button: 'Unsubscribe',
  working: 'Unsubscribing...',
  doneTitle: 'You are unsubscribed',
  failedTitle: 'This link did not work',
  failed: 'Could not unsubscribe. Please try again.',
  retry: 'Try again',
  settings: 'Change your e-mail settings on your profile',
} as const;

/** GET /mail/unsubscribe/link and POST /mail/unsubscribe: the signed token of an e-mail's unsubscribe link. */
export const UnsubscribeLinkQuerySchema = z.object({ token: z.string().max(2000).optional() });

/** The form body of a mail client's one-click unsubscribe (RFC 8058); the web page posts none. */
export const OneClickUnsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).nullish();

/** What an unsubscribe link turns off: its e-mail's kind, or every kind for a link from before the split. */
export const UnsubscribeLinkSchema = z.object({ kinds: z.array(z.enum(EMAIL_KINDS)).min(1) });
export type UnsubscribeLink = z.infer<typeof UnsubscribeLinkSchema>;

export const EMAIL_SETTINGS_TEXTS = {
  title: 'E-mail notifications',
  saveFailed: 'Failed to save your e-mail setting. Please try again.',
} as const;
