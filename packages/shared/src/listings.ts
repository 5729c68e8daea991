import { z } from 'zod';
import {
  CATEGORIES,
  DESCRIPTION_MAX,
  LISTING_STATES,
  LISTING_TYPES,
  PACKED_WITHIN_MAX,
  SELL_PRICE_MAX,
  SELL_PRICE_MIN,
  TITLE_MAX,
  TITLE_MIN,
} from './constants.js';
import { ListingPhotoSchema } from './listing-photos.js';
import { FlagSchema, ID_MAX, IdSchema, PageLimitSchema, SpotSchema, TimestampSchema, formNumber } from './common.js';

export { SpotSchema, type Spot } from './common.js';
import { TEXTS } from './texts.js';
import { PausedReasonSchema } from './fresh-listings.js';
import { PollinationSchema, SeedLotInputSchema, SeedLotSchema, storedSeedLot } from './seed-lots.js';
import { SEED_TEXTS } from './seed-texts.js';

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

/**
 * POST /listings/ (JSON, or the fields of a multipart form). A seed lot's details are kept only
 * in the seeds category (`storedSeedLot`); any other listing stores them empty.
 */
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
    ...SeedLotInputSchema.shape,
  })
  .superRefine((value, ctx) => {
    const problem = priceProblem(value.type_id, value.price);
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
  })
  .transform((value) => ({
    ...value,
    price: storedPrice(value.type_id, value.price),
    ...storedSeedLot(value.category_id, value),
  }));
export type CreateListingInput = z.infer<typeof CreateListingInputSchema>;

/**
 * PATCH /listings/{id}: only these fields; anything else is dropped by the schema.
 * The price rule is checked against the listing as it will be after the change, and so is the
 * seeds-only rule of a seed lot's details: a listing leaving the seeds category drops them.
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
  ...SeedLotInputSchema.shape,
});
export type UpdateListingInput = z.infer<typeof UpdateListingInputSchema>;

export const VisibilityInputSchema = z.object({ is_public: FlagSchema });

/** Texts of the listings calls that `TEXTS` does not hold. */
export const LISTING_TEXTS = {
  imageRequired: 'Please choose a photo',
  cursorInvalid: 'This page of listings is no longer available; please reload the list',
  locationNeeded: 'Add a US ZIP code to your location to search by distance',
  priceRangeInvalid: 'Max price must not be less than min price',
  priceFilterInvalid: 'Enter a whole number of dollars',
  distanceInvalid: 'Choose a distance between 1 and 500 miles',
  boxInvalid: 'The map area must be west,south,east,north in degrees',
  boxNeeded: 'Choose an area of the map',
  typeFilterInvalid: TEXTS.typeInvalid,
} as const;

/** The orders of GET /listings/. */
export const LISTING_SORTS = ['newest', 'oldest', 'highest', 'lowest', 'nearest', 'relevance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export { DISTANCE_CHOICES } from './constants.js';
export const WITHIN_MILES_MAX = 500;
export const SEARCH_TEXT_MAX = 200;

/**
 * Where the next page of GET /listings/ starts. Newest and oldest walk ids, highest and
 * lowest walk (price, id), relevance walks (tier, id): title matches are tier 0, the others
 * tier 1 — and nearest walks (nearness, id), nearness being how far the listing's owner lives
 * in the server's own measure (without it: past every located owner, among those without a
 * postcode). All keyset, so a listing posted meanwhile neither repeats nor skips one, and a deep
 * page costs what the first does. A relevance offset from before tiers still reads. A nearest
 * cursor also tells how wide (miles) the server's last ring was, a hint for where the next page
 * starts reading; a cursor without it still reads.
 */
export type ListingsCursor =
  | { kind: 'id'; id: number }
  | { kind: 'price'; price: number; id: number }
  | { kind: 'tier'; tier: 0 | 1; id: number }
  | { kind: 'near'; nearness?: number; id: number; width?: number }
  | { kind: 'offset'; offset: number };

const base64url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** The opaque `cursor` of GET /listings/, base64url so clients treat it as a token. */
export function encodeCursor(cursor: ListingsCursor): string {
  if (cursor.kind === 'id') return base64url(`l${cursor.id}`);
  if (cursor.kind === 'price') return base64url(`p${cursor.price}.${cursor.id}`);
  if (cursor.kind === 'tier') return base64url(`t${cursor.tier}.${cursor.id}`);
  if (cursor.kind === 'near')
    return base64url(`n${cursor.nearness ?? ''}_${cursor.id}${cursor.width === undefined ? '' : `_${cursor.width}`}`);
  return base64url(`o${cursor.offset}`);
}

/** The cursor after the listing `lastId` in newest or oldest order. */
export const encodeListingsCursor = (lastId: number) => encodeCursor({ kind: 'id', id: lastId });

const INT = '(0|[1-9][0-9]{0,15})';
const POSITIVE = '([1-9][0-9]{0,15})';
/** A non-negative decimal as JavaScript writes it (a tiny one in exponent form). */
const DECIMAL = '[0-9]+(?:\\.[0-9]+)?(?:e-[0-9]+)?';

/** Reads a cursor back; an unreadable one is a 422 asking to reload the list. */
export const ListingsCursorSchema = z
  .string()
  .max(200)
  .transform((value, ctx): ListingsCursor => {
    let decoded = '';
    try {
      decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    } catch {
      // not base64: reported below
    }
    let cursor: ListingsCursor | undefined;
    let match = new RegExp(`^l${POSITIVE}$`).exec(decoded);
    if (match) cursor = { kind: 'id', id: Number(match[1]) };
    match = new RegExp(`^p${INT}\\.${POSITIVE}$`).exec(decoded);
    if (match) cursor = { kind: 'price', price: Number(match[1]), id: Number(match[2]) };
    match = new RegExp(`^t([01])\\.${POSITIVE}$`).exec(decoded);
    if (match) cursor = { kind: 'tier', tier: match[1] === '1' ? 1 : 0, id: Number(match[2]) };
    match = new RegExp(`^n(${DECIMAL})?_${POSITIVE}(?:_(${DECIMAL}))?$`).exec(decoded);
    if (match)
      cursor = {
        kind: 'near',
        id: Number(match[2]),
        ...(match[1] ? { nearness: Number(match[1]) } : {}),
        ...(match[3] ? { width: Number(match[3]) } : {}),
      };
    match = new RegExp(`^o${POSITIVE}$`).exec(decoded);
    if (match) cursor = { kind: 'offset', offset: Number(match[1]) };
    const { nearness, width, ...whole } =
      cursor && cursor.kind === 'near' ? cursor : { ...cursor, nearness: 0, width: undefined };
    const numbers = cursor ? Object.values(whole).filter((v) => typeof v === 'number') : [NaN];
    // Ids and prices are 32-bit integer columns: a cursor past them was never handed out.
    const valid =
      numbers.every((n) => Number.isSafeInteger(n) && Math.abs(n) <= ID_MAX) &&
      Number.isFinite(nearness ?? 0) &&
      (width === undefined || (Number.isFinite(width) && width > 0));
    if (!cursor || !valid) {
      ctx.addIssue({ code: 'custom', message: LISTING_TEXTS.cursorInvalid });
      return z.NEVER;
    }
    return cursor;
  });

/** One value or the repeated values of a query parameter, as an array. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const values = Array.isArray(value) ? value : [value];
    // "1,3" reads like "type_id=1&type_id=3", for links typed by hand.
    return values.flatMap((v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : [v]));
  }, z.array(item).max(10).optional());

const wholeDollars = z.preprocess(
  (value) => (value === '' ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ error: LISTING_TEXTS.priceFilterInvalid })
    .int(LISTING_TEXTS.priceFilterInvalid)
    .min(0, LISTING_TEXTS.priceFilterInvalid)
    .max(1_000_000, LISTING_TEXTS.priceFilterInvalid)
    .optional(),
);

/** A map's area, west,south,east,north in degrees (as a bounding box is written), south of north and west of east. */
export const MapBoxSchema = z.string().transform((value, ctx) => {
  const parts = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [west, south, east, north] = parts as [number, number, number, number];
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    west >= -180 &&
    east <= 180 &&
    south >= -90 &&
    north <= 90 &&
    west < east &&
    south < north;
  if (!valid) {
    ctx.addIssue({ code: 'custom', message: LISTING_TEXTS.boxInvalid });
    return z.NEVER;
  }
  return { west, south, east, north };
});
export type MapBox = z.output<typeof MapBoxSchema>;

/** "Within N miles" of the viewer's postcode, from a query string: the list's filter and "in season near you". */
export const WithinMilesSchema = z.preprocess(
  (value) => (value === '' ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ error: LISTING_TEXTS.distanceInvalid })
    .min(1, LISTING_TEXTS.distanceInvalid)
    .max(WITHIN_MILES_MAX, LISTING_TEXTS.distanceInvalid)
    .optional(),
);

/**
 * GET /listings/: the tabs mine, friends, public and one member's (`user_id`); several
 * given narrow each other, none means every listing the viewer may see. The filters
 * narrow further: `q` (words of title, description and a seed lot's variety, the last one as
 * a prefix), `type_id` (repeatable), `category_id`, `min_price`/`max_price` (whole dollars, on
 * the stored price: exchange and giveaway are 0), `within_miles` (of the viewer's postcode),
 * and a seed lot's: `pollination` (repeatable), `organic`, `can_mail` (true narrows, false
 * does not) and `packed_within_years` (packed this year or the N - 1 before). A seed filter
 * keeps seed lots only. `sort` defaults to relevance with `q`, else newest; `limit` per page
 * (default 50, at most 100), the next page through `cursor`.
 */
const ListingsQueryObject = z.object({
  mine: FlagSchema.optional(),
  friends: FlagSchema.optional(),
  public: FlagSchema.optional(),
  user_id: IdSchema.optional(),
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX)
    .optional()
    .transform((v) => (v ? v : undefined)),
  type_id: repeated(TypeIdSchema),
  category_id: CategoryIdSchema.optional(),
  min_price: wholeDollars,
  max_price: wholeDollars,
  within_miles: WithinMilesSchema,
  pollination: repeated(PollinationSchema),
  organic: FlagSchema.optional(),
  can_mail: FlagSchema.optional(),
  packed_within_years: z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: SEED_TEXTS.packedWithinInvalid })
      .int(SEED_TEXTS.packedWithinInvalid)
      .min(1, SEED_TEXTS.packedWithinInvalid)
      .max(PACKED_WITHIN_MAX, SEED_TEXTS.packedWithinInvalid)
      .optional(),
  ),
  sort: z.enum(LISTING_SORTS).optional(),
  limit: PageLimitSchema,
  cursor: ListingsCursorSchema.optional(),
});

/** A price range's bounds in order: the list's and the map's. */
const priceRangeInOrder = (value: { min_price?: number; max_price?: number }, ctx: z.RefinementCtx) => {
  if (value.min_price !== undefined && value.max_price !== undefined && value.max_price < value.min_price) {
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: LISTING_TEXTS.priceRangeInvalid });
  }
};

export const ListingsQuerySchema = ListingsQueryObject.superRefine(priceRangeInOrder);
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;

/**
 * GET /listings/map: the list's tab, filters and search (no sort, page or cursor: the map shows the
 * first MAP_PINS in the list's order) within `box`, the map's visible area.
 */
export const MapQuerySchema = ListingsQueryObject.omit({ sort: true, limit: true, cursor: true })
  .extend({ box: MapBoxSchema })
  .superRefine(priceRangeInOrder);
export type MapQuery = z.infer<typeof MapQuerySchema>;

export const ListingOwnerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
});

/**
 * What a listing's photo fields carry: a path the client fetches as `/api/{path}`, which
 * follows the listing's visibility for this viewer.
 */
export const PHOTO_PATH_DESCRIPTION = [
  'Path of the photo, fetched as `/api/{path}`; null without one. For a public, active listing it is',
  'plain (`uploads/<name>.webp`), public and cacheable for good. Otherwise it is signed for the viewer',
  '(`uploads/<name>.webp?v=&exp=&sig=`) and works for one to two hours, and only while that viewer may',
  'still see the listing: making it friends-only, pausing it, a block or deleting it ends every URL',
  'handed out before. Use it as given; ask for the listing again for a fresh one.',
].join(' ');

export const ListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  featured_image: z.string().nullable().describe(PHOTO_PATH_DESCRIPTION),
  thumbnail: z.string().nullable().describe(`The 480 px version. ${PHOTO_PATH_DESCRIPTION}`),
  is_active: z.boolean(),
  is_public: z.boolean(),
  type_id: z.number().int(),
  state_id: z.number().int(),
  category_id: z.number().int(),
  ...SeedLotSchema.shape,
  owner_id: z.number().int(),
  owner: ListingOwnerSchema,
  /** Miles between the viewer's and the owner's postcodes, to 0.1; null when either is unknown. */
  distance_miles: z.number().nullable(),
  /** Why a moderator hid it; only its owner can see a hidden listing at all. */
  hidden_reason: z.string().nullable(),
  /** Every photo, the cover first; only on a single listing's answer (lists carry the cover alone). */
  photos: z.array(ListingPhotoSchema).optional(),
  /** Where a map shows it; only on a single listing's answer and the map's. */
  spot: SpotSchema.nullable().optional(),
  /** When its owner last said it is still available (renewed or reactivated); null: never since listed. */
  renewed_at: TimestampSchema.nullable(),
  /** Why it paused itself (`not_renewed`); null when active or paused by its owner. */
  paused_reason: PausedReasonSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Listing = z.infer<typeof ListingSchema>;

/**
 * GET /listings/map: the listings of the list with the same tab, filters and search within the
 * map's `box`, each with its spot, at most MAP_PINS of them in the list's order (newest first when
 * the list is nearest first); `more` when the area holds more.
 */
export const MapListingsSchema = z.object({ listings: z.array(ListingSchema), more: z.boolean() });
export type MapListings = z.infer<typeof MapListingsSchema>;
