import { z } from 'zod';
import {
  CATEGORIES,
  DESCRIPTION_MAX,
  LISTING_STATES,
  LISTING_TYPES,
  SELL_PRICE_MAX,
  SELL_PRICE_MIN,
  TITLE_MAX,
  TITLE_MIN,
} from './constants.js';
import { FlagSchema, IdSchema, PageLimitSchema, TimestampSchema, formNumber } from './common.js';
import { TEXTS } from './texts.js';

const ids = <T extends Record<string, number>>(values: T) => Object.values(values) as number[];

export const TypeIdSchema = formNumber(TEXTS.typeInvalid).refine(
  (v) => ids(LISTING_TYPES).includes(v),
  TEXTS.typeInvalid,
);
export const CategoryIdSchema = formNumber(TEXTS.categoryInvalid).refine(
  (v) => ids(CATEGORIES).includes(v),
  TEXTS.categoryInvalid,
);
export const StateIdSchema = formNumber(TEXTS.stateInvalid).refine(
  (v) => ids(LISTING_STATES).includes(v),
  TEXTS.stateInvalid,
);

/** Title on create and on edit: 3..100 after trimming; empty says "Title is required". */
export const TitleSchema = z
  .string({ error: TEXTS.titleRequired })
  .trim()
  .min(1, TEXTS.titleRequired)
  .min(TITLE_MIN, TEXTS.titleTooShort)
  .max(TITLE_MAX, TEXTS.titleTooLong);

export const DescriptionSchema = z.string().trim().max(DESCRIPTION_MAX, TEXTS.descriptionTooLong);

/** Whole US dollars; the type decides whether it matters (see `priceProblem`). */
export const PriceSchema = formNumber(TEXTS.priceWhole);

/**
 * The one price rule of form and server: sell needs whole dollars 1..10000;
 * exchange and giveaway ignore the price. Returns the text to show, or undefined.
 */
export function priceProblem(typeId: number, price: number | undefined): string | undefined {
  if (typeId !== LISTING_TYPES.sell) return undefined;
  if (price === undefined || price < SELL_PRICE_MIN) return TEXTS.sellPriceRequired;
  if (!Number.isInteger(price)) return TEXTS.priceWhole;
  if (price > SELL_PRICE_MAX) return TEXTS.priceTooHigh;
  return undefined;
}

/** The price stored for a listing: exchange and giveaway store 0 whatever was sent. */
export function storedPrice(typeId: number, price: number | undefined): number {
  return typeId === LISTING_TYPES.sell ? (price ?? 0) : 0;
}

/** POST /listings/ (JSON, or the fields of a multipart form). */
export const CreateListingInputSchema = z
  .object({
    title: TitleSchema,
    description: DescriptionSchema.optional().default(''),
    price: PriceSchema.optional(),
    is_active: FlagSchema.optional().default(true),
    is_public: FlagSchema.optional().default(true),
    type_id: TypeIdSchema,
    state_id: StateIdSchema.optional().default(LISTING_STATES.available),
    category_id: CategoryIdSchema,
  })
  .superRefine((value, ctx) => {
    const problem = priceProblem(value.type_id, value.price);
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
  })
  .transform((value) => ({ ...value, price: storedPrice(value.type_id, value.price) }));
export type CreateListingInput = z.infer<typeof CreateListingInputSchema>;

/**
 * PATCH /listings/{id}: only these fields; anything else is dropped by the schema.
 * The price rule is checked against the listing as it will be after the change.
 */
export const UpdateListingInputSchema = z.object({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  price: PriceSchema.optional(),
  is_active: FlagSchema.optional(),
  is_public: FlagSchema.optional(),
  type_id: TypeIdSchema.optional(),
  state_id: StateIdSchema.optional(),
  category_id: CategoryIdSchema.optional(),
});
export type UpdateListingInput = z.infer<typeof UpdateListingInputSchema>;

export const VisibilityInputSchema = z.object({ is_public: FlagSchema });

/** Texts of the listings calls that `TEXTS` does not hold. */
export const LISTING_TEXTS = {
  imageRequired: 'Please choose a photo',
  cursorInvalid: 'This page of listings is no longer available; please reload the list',
} as const;

/**
 * The opaque `cursor` of GET /listings/: the id of the last listing of the previous
 * page, base64url-encoded so clients treat it as a token, not a number to compute with.
 */
export const encodeListingsCursor = (lastId: number) =>
  btoa(`l${lastId}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Reads a cursor back into the id after which the next page starts. */
export const ListingsCursorSchema = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    let decoded = '';
    try {
      decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    } catch {
      // not base64: reported below
    }
    const match = /^l([1-9][0-9]{0,15})$/.exec(decoded);
    const id = match ? Number(match[1]) : NaN;
    if (!Number.isSafeInteger(id)) {
      ctx.addIssue({ code: 'custom', message: LISTING_TEXTS.cursorInvalid });
      return z.NEVER;
    }
    return id;
  });

/**
 * GET /listings/: the tabs mine, friends, public and one member's (`user_id`); several
 * given narrow each other, none means every listing the viewer may see. Newest first,
 * `limit` per page (default 50, at most 100), the next page through `cursor`.
 */
export const ListingsQuerySchema = z.object({
  mine: FlagSchema.optional(),
  friends: FlagSchema.optional(),
  public: FlagSchema.optional(),
  user_id: IdSchema.optional(),
  limit: PageLimitSchema,
  cursor: ListingsCursorSchema.optional(),
});
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;

export const ListingOwnerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
});

export const ListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  featured_image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  type_id: z.number().int(),
  state_id: z.number().int(),
  category_id: z.number().int(),
  owner_id: z.number().int(),
  owner: ListingOwnerSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Listing = z.infer<typeof ListingSchema>;
