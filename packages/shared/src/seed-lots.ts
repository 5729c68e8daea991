import { z } from 'zod';
import { CATEGORIES, PACKED_YEAR_MIN, POLLINATIONS, QUANTITY_MAX, VARIETY_MAX } from './constants.js';
import { FlagSchema } from './common.js';
import { SEED_TEXTS } from './seed-texts.js';

/**
 * The latest year a lot can have been packed in: the year it already is somewhere on Earth
 * (UTC+14), so a member who types the new year just after their midnight is never refused.
 */
export const latestPackedYear = (now = Date.now()) => new Date(now + 14 * 3_600_000).getUTCFullYear();

/** A blank text is no value: null, which on an edit clears the field. */
const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const seedText = (max: number, message: string) =>
  z.preprocess(blankIsNull, z.string().trim().max(max, message).nullable());

/** Free text naming the variety ("Brandywine"); searched with the title and description. */
export const VarietySchema = seedText(VARIETY_MAX, SEED_TEXTS.varietyTooLong);

/** How much there is, as the member says it ("about 50 seeds", "2 packets"). */
export const QuantitySchema = seedText(QUANTITY_MAX, SEED_TEXTS.quantityTooLong);

/** A whole year from 1950 (`PACKED_YEAR_MIN`) to this one; a form's string reads too. */
export const PackedYearSchema = z.preprocess(
  (value) => {
    const v = blankIsNull(value);
    return typeof v === 'string' ? Number(v.trim()) : v;
  },
  z
    .number({ error: SEED_TEXTS.packedYearInvalid })
    .int(SEED_TEXTS.packedYearInvalid)
    .min(PACKED_YEAR_MIN, SEED_TEXTS.packedYearTooEarly)
    .refine((year) => year <= latestPackedYear(), SEED_TEXTS.packedYearInFuture)
    .nullable(),
);

export const PollinationSchema = z.enum(POLLINATIONS, { error: SEED_TEXTS.pollinationInvalid });

/**
 * A seed lot's details as a create or an edit sends them, every one optional: on an edit a
 * missing one stays as it is, and a blank or null one is cleared. Only a listing in the seeds
 * category keeps them (`storedSeedLot`).
 */
export const SeedLotInputSchema = z.object({
  variety: VarietySchema.optional(),
  packed_year: PackedYearSchema.optional(),
  pollination: z.preprocess(blankIsNull, PollinationSchema.nullable()).optional(),
  organic: FlagSchema.nullable().optional(),
  quantity: QuantitySchema.optional(),
  can_mail: FlagSchema.nullable().optional(),
});
export type SeedLotInput = z.infer<typeof SeedLotInputSchema>;

const SEEDS_ONLY = 'Seeds only: null on listings of other categories, and where the member did not say.';

/** A seed lot's details as the API answers them. */
export const SeedLotSchema = z.object({
  variety: z.string().nullable().describe(`The variety ("Brandywine"). ${SEEDS_ONLY}`),
  packed_year: z.number().int().nullable().describe(`The year the seed was packed. ${SEEDS_ONLY}`),
  pollination: z.enum(POLLINATIONS).nullable().describe(SEEDS_ONLY),
  organic: z.boolean().nullable().describe(SEEDS_ONLY),
  quantity: z.string().nullable().describe(`How much, in the member's words ("2 packets"). ${SEEDS_ONLY}`),
  can_mail: z.boolean().nullable().describe(`Whether the member can send it by mail besides pickup. ${SEEDS_ONLY}`),
});
export type SeedLot = z.infer<typeof SeedLotSchema>;

/** The names of a seed lot's details, in the order the API writes them. */
export const SEED_LOT_FIELDS = Object.keys(SeedLotSchema.shape) as (keyof SeedLot)[];

/** Seed details that are all empty: what every listing but a seed lot keeps. */
export const NO_SEED_LOT: SeedLot = {
  variety: null,
  packed_year: null,
  pollination: null,
  organic: null,
  quantity: null,
  can_mail: null,
};

/**
 * The one rule of form and server: a listing in the seeds category keeps the details it was
 * given (a missing one empty), any other listing keeps none whatever was sent.
 */
export function storedSeedLot(categoryId: number, input: SeedLotInput): SeedLot {
  if (categoryId !== CATEGORIES.seeds) return { ...NO_SEED_LOT };
  return {
    variety: input.variety ?? null,
    packed_year: input.packed_year ?? null,
    pollination: input.pollination ?? null,
    organic: input.organic ?? null,
    quantity: input.quantity ?? null,
    can_mail: input.can_mail ?? null,
  };
}
