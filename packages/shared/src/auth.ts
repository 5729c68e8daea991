import { z } from 'zod';
import { EmailNotificationsSchema } from './email-settings.js';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOCATION_FIELD_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  POSTCODE_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './constants.js';
import { SpotSchema, optionalText, requiredText } from './common.js';
import { TEXTS } from './texts.js';

/** An e-mail address as typed: required, the spec's format, compared lowercased. */
export const EmailSchema = requiredText(TEXTS.emailRequired)
  .max(EMAIL_MAX, TEXTS.emailInvalid)
  .regex(EMAIL_PATTERN, TEXTS.emailInvalid);

export const UsernameSchema = requiredText(TEXTS.usernameRequired)
  .regex(USERNAME_PATTERN, TEXTS.usernameCharacters)
  .min(USERNAME_MIN, TEXTS.usernameTooShort)
  .max(USERNAME_MAX, TEXTS.usernameTooLong);

export const NewPasswordSchema = z
  .string({ error: TEXTS.passwordRequired })
  .min(1, TEXTS.passwordRequired)
  .min(PASSWORD_MIN, TEXTS.passwordTooShort)
  .max(PASSWORD_MAX, TEXTS.passwordTooLong);

/** POST /auth/register */
export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  first_name: requiredText(TEXTS.firstNameRequired).max(NAME_MAX, TEXTS.nameTooLong),
  last_name: requiredText(TEXTS.lastNameRequired).max(NAME_MAX, TEXTS.nameTooLong),
  username: UsernameSchema,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** The register form adds a confirmation the server never sees. */
export const RegisterFormSchema = RegisterInputSchema.extend({
  confirm_password: z.string().min(1, TEXTS.confirmPasswordRequired),
}).refine((v) => v.password === v.confirm_password, {
  message: TEXTS.passwordsDoNotMatch,
  path: ['confirm_password'],
});

/** The login form: the spec's e-mail and password checks. */
export const LoginFormSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, TEXTS.passwordRequired),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** POST /auth/login: `username` holds the e-mail, as the spec's form-encoded call sends it. */
export const LoginInputSchema = z.object({
  username: EmailSchema,
  password: z
    .string({ error: TEXTS.passwordRequired })
    .min(1, TEXTS.passwordRequired)
    .max(PASSWORD_MAX, TEXTS.badCredentials),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** POST /auth/password/forgot */
export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

/** The same answer to every POST /auth/password/forgot, whether the address is a member's or not. */
export const ForgotPasswordResultSchema = z.object({ detail: z.string() });

/** POST /auth/password/reset: the link's token and a new password, by the registration rules. */
export const ResetPasswordInputSchema = z.object({
  token: z.string().min(1, TEXTS.passwordResetInvalid).max(200, TEXTS.passwordResetInvalid),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** The reset form adds a confirmation the server never sees, as registration does. */
export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirm_password: z.string().min(1, TEXTS.confirmPasswordRequired) })
  .refine((v) => v.password === v.confirm_password, {
    message: TEXTS.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

export const LoginResultSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string() }),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** The signed-in member's own profile. Address and apt are never part of it. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  friend_count: z.number().int(),
  profile_picture: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  /** Which kinds of e-mail the member gets; only in their own profile. */
  email_notifications: EmailNotificationsSchema,
  /** Whether the member used the link that confirms `email`; until then only security e-mails reach it. */
  email_confirmed: z.boolean(),
  /** The new address the member asked for, waiting for its link to be used; sign-in uses `email` until then. */
  pending_email: z.string().nullable(),
  /** Marked by the operator: sees /moderation. */
  is_moderator: z.boolean(),
  /** The member's IANA time zone as their browser last said it; null until then (their ZIP code's zone is used). */
  time_zone: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** What any member may see of another. */
export const PublicUserSchema = UserSchema.pick({
  id: true,
  username: true,
  profile_picture: true,
  city: true,
  state: true,
  zip_code: true,
  friend_count: true,
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** A member's profile as another sees it (GET /auth/users/{id}/public): with where a map shows them. */
export const PublicProfileSchema = PublicUserSchema.extend({ spot: SpotSchema.nullable() });
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** The multipart fields of POST /auth/upload-profile-image (the file travels beside them). */
export const ProfileLocationInputSchema = z.object({
  city: requiredText(TEXTS.cityRequired).max(LOCATION_FIELD_MAX, TEXTS.locationFieldTooLong),
  state: requiredText(TEXTS.stateRequired).max(LOCATION_FIELD_MAX, TEXTS.locationFieldTooLong),
  postcode: requiredText(TEXTS.postcodeRequired)
    .min(POSTCODE_MIN, TEXTS.postcodeTooShort)
    .max(20, TEXTS.locationFieldTooLong),
  address: optionalText(200, TEXTS.locationFieldTooLong),
  apt: optionalText(LOCATION_FIELD_MAX, TEXTS.locationFieldTooLong),
});
export type ProfileLocationInput = z.infer<typeof ProfileLocationInputSchema>;
