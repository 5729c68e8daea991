import { z } from 'zod';
import { PASSWORD_MAX } from './constants.js';
import { TimestampSchema } from './common.js';
import { TEXTS } from './texts.js';

/** How long a "Download my data" link works once handed out: long enough to click, short if it leaks. */
export const EXPORT_LINK_TTL_SECONDS = 5 * 60;

/** Texts of "Download my data" and "Delete my account". */
export const ACCOUNT_TEXTS = {
  /** The name the other member sees on a conversation with someone who deleted their account. */
  deletedMember: 'Deleted member',
  wrongPassword: 'That password is not right.',
  tooManyAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
  exportLinkInvalid: 'This download link has expired. Ask for a new one on your profile.',
  accountDeleted: 'Your account was deleted. Thank you for gardening with us.',
  deletedMemberChat: 'This member deleted their account. You can still read your conversation, but not reply.',
} as const;

/** POST /account/delete: the member's current password, so a borrowed session cannot end the account. */
export const DeleteAccountInputSchema = z.object({
  password: z.string({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired).max(PASSWORD_MAX),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** POST /account/export-link: a short-lived address the browser downloads the ZIP from, without the token. */
export const ExportLinkSchema = z.object({
  /** Relative to the site, e.g. `/api/account/export?v=…&exp=…&sig=…`. */
  url: z.string(),
  expires_at: TimestampSchema,
});
export type ExportLink = z.infer<typeof ExportLinkSchema>;

/** The signed query of an export link. */
export const ExportLinkQuerySchema = z.object({
  v: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
