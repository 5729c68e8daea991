import { z } from 'zod';
import { WANT_TITLE_MAX, WANT_TITLE_MIN } from './constants.js';
import { IdSchema, TimestampSchema } from './common.js';
import { CategoryIdSchema } from './listings.js';
import { TEXTS } from './texts.js';

export const WantTitleSchema = z
  .string({ error: TEXTS.wantTitleTooShort })
  .trim()
  .min(WANT_TITLE_MIN, TEXTS.wantTitleTooShort)
  .max(WANT_TITLE_MAX, TEXTS.wantTitleTooLong);

/** POST /listings/want-listings */
export const CreateWantInputSchema = z.object({ title: WantTitleSchema, category_id: CategoryIdSchema });
export type CreateWantInput = z.infer<typeof CreateWantInputSchema>;

/** PATCH /listings/want-listings/{id}: only the title changes. */
export const UpdateWantInputSchema = z.object({ title: WantTitleSchema });

export const WantsQuerySchema = z.object({ user_id: IdSchema.optional() });

export const WantSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  user_id: z.number().int(),
  created_at: TimestampSchema,
});
export type Want = z.infer<typeof WantSchema>;
