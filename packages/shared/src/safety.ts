import { z } from 'zod';
import { PublicUserSchema } from './auth.js';
import { IdSchema, TimestampSchema } from './common.js';

/** Texts of blocking, reporting and finding gardeners. */
export const SAFETY_TEXTS = {
  blockSelf: 'You cannot block yourself',
  cannotMessage: 'You cannot message this member',
  reportReasonShort: 'Please tell us a little more (at least 3 characters)',
  reportReasonLong: 'Reason must be at most 1000 characters long',
  reportTargetType: 'Choose what you are reporting',
  reportTargetNotFound: 'Nothing to report here: it does not exist or you cannot see it',
  reportSent: 'Thank you. Your report was sent to our moderators.',
  blocked: 'Member blocked',
} as const;

export const REPORT_REASON_MIN = 3;
export const REPORT_REASON_MAX = 1000;
/** How many members a username search or the nearby list answers. */
export const GARDENERS_LIMIT = 20;

/** POST /blocks. */
export const BlockInputSchema = z.object({ user_id: IdSchema });
export type BlockInput = z.infer<typeof BlockInputSchema>;

export const BlockUserParamsSchema = z.object({ user_id: IdSchema });

/** One member I blocked, as GET /blocks lists them. */
export const BlockedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  created_at: TimestampSchema,
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;

export const REPORT_TARGET_TYPES = ['listing', 'message', 'user', 'event'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** POST /reports. */
export const ReportInputSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: SAFETY_TEXTS.reportTargetType }),
  target_id: IdSchema,
  reason: z
    .string({ error: SAFETY_TEXTS.reportReasonShort })
    .trim()
    .min(REPORT_REASON_MIN, SAFETY_TEXTS.reportReasonShort)
    .max(REPORT_REASON_MAX, SAFETY_TEXTS.reportReasonLong),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

export const ReportSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  reason: z.string(),
  created_at: TimestampSchema,
});
export type Report = z.infer<typeof ReportSchema>;

/** GET /auth/users?q= */
export const GardenerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(50) });

/** A member found by username or by distance; `distance_miles` is null unless both have a known postcode. */
export const GardenerSchema = PublicUserSchema.extend({ distance_miles: z.number().nullable() });
export type Gardener = z.infer<typeof GardenerSchema>;
