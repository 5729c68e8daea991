import { z } from 'zod';

/** The kinds of e-mail a member can switch on or off one by one. */
export const EMAIL_KINDS = ['matches', 'friend_requests', 'messages'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The member's e-mail switches, one per kind; only in their own profile. */
export const EmailNotificationsSchema = z.object({
  /** A listing matches an item on the wish list; one of the member's listings asks to be renewed. */
  matches: z.boolean(),
  /** Someone sends a friend request (or an invitation to the member's address). */
  friend_requests: z.boolean(),
  /** Messages wait unread while the member is away from the app. */
  messages: z.boolean(),
});
export type EmailNotifications = z.infer<typeof EmailNotificationsSchema>;

/** PATCH /auth/profile: any of the switches; those left out stay as they are. */
export const ProfileSettingsInputSchema = z.object({
  email_notifications: EmailNotificationsSchema.partial().refine((s) => Object.keys(s).length > 0, {
    message: 'Name at least one e-mail setting',
  }),
});
export type ProfileSettingsInput = z.infer<typeof ProfileSettingsInputSchema>;

/** The profile's switch for each kind, and what its unsubscribe link confirms. */
export const EMAIL_KIND_TEXTS: Record<EmailKind, { label: string; hint: string; unsubscribed: string }> = {
  matches: {
    label: 'Matches',
    hint: 'When a listing matches an item on your wish list, or one of yours asks whether it is still available.',
    unsubscribed: 'You will no longer get e-mails about matches for your wish list or about renewing your listings.',
  },
  friend_requests: {
    label: 'Friend requests',
    hint: 'When someone sends you a friend request.',
    unsubscribed: 'You will no longer get e-mails about friend requests.',
  },
  messages: {
    label: 'Messages',
    hint: 'When a message waits unread for you while you are away from Gardenswap.',
    unsubscribed: 'You will no longer get e-mails about new messages.',
  },
};

export const EMAIL_SETTINGS_TEXTS = {
  title: 'E-mail notifications',
  saveFailed: 'Failed to save your e-mail setting. Please try again.',
} as const;
