import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from './auth.js';
import { PASSWORD_MAX } from './constants.js';
import { TimestampSchema } from './common.js';
import { TEXTS } from './texts.js';
import { ACCOUNT_TEXTS } from './account-texts.js';

export { ACCOUNT_TEXTS };

/** How long a link that confirms an e-mail address works. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;

/** "We sent a link to …": the answer to every request that e-mails a confirmation link. */
export const linkSentTo = (email: string) => `We sent a confirmation link to ${email}. Check your inbox.`;

/** "Your email is now …": the answer when a change of address is confirmed. */
export const emailChangedTo = (email: string) => `Your email is now ${email}. Use it to sign in from now on.`;

const CurrentPasswordSchema = z
  .string({ error: ACCOUNT_TEXTS.currentPasswordRequired })
  .min(1, ACCOUNT_TEXTS.currentPasswordRequired)
  .max(PASSWORD_MAX, ACCOUNT_TEXTS.currentPasswordWrong);

/** POST /auth/password/change: the current password and a new one, by the registration rules. */
export const ChangePasswordInputSchema = z.object({
  current_password: CurrentPasswordSchema,
  new_password: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** The change-password form adds a confirmation the server never sees. */
export const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirm_password: z.string().min(1, TEXTS.confirmPasswordRequired),
}).refine((v) => v.new_password === v.confirm_password, {
  message: TEXTS.passwordsDoNotMatch,
  path: ['confirm_password'],
});
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** POST /auth/email/change: the new address (it takes effect once confirmed) and the current password. */
export const ChangeEmailInputSchema = z.object({
  email: EmailSchema,
  current_password: CurrentPasswordSchema,
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInputSchema>;

/** POST /auth/email/confirm: the token of an e-mailed link. */
export const ConfirmEmailInputSchema = z.object({
  token: z.string().min(1, ACCOUNT_TEXTS.linkInvalid).max(200, ACCOUNT_TEXTS.linkInvalid),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInputSchema>;

/** What a used confirmation link did: the address now confirmed, and whether it replaced the old one. */
export const ConfirmEmailResultSchema = z.object({
  detail: z.string(),
  email: z.string(),
  changed: z.boolean(),
});
export type ConfirmEmailResult = z.infer<typeof ConfirmEmailResultSchema>;

/** The answer to a request that e-mailed a link. */
export const LinkSentSchema = z.object({ detail: z.string() });
export type LinkSent = z.infer<typeof LinkSentSchema>;

/** How long a "Download my data" link works once handed out: long enough to click, short if it leaks. */
export const EXPORT_LINK_TTL_SECONDS = 5 * 60;

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
