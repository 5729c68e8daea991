import { z } from 'zod';
import { IdSchema } from './common.js';

/** At most this many swaps are answered, nearest first: the section shows them all, nothing pages. */
export const SWAPS_LIMIT = 20;

/**
 * How many of another member's listings are read per want of the viewer, newest first: it bounds
 * the work of one request whatever the marketplace holds.
 */
export const SWAP_CANDIDATES_PER_WANT = 200;

/** How many of the viewer's own listings (newest first) can be offered in a swap. */
export const SWAP_OFFERS_MAX = 100;

/** GET /swaps: the viewer's swaps, or (`user_id`) only the one with that member, for their seller page. */
export const SwapsQuerySchema = z.object({ user_id: IdSchema.optional() });
export type SwapsQuery = z.infer<typeof SwapsQuerySchema>;

const NamedItemSchema = z.object({ id: z.number().int(), title: z.string() });

/**
 * A member who has something on the viewer's want list and wants something the viewer has
 * listed: the two listings that would change hands, and the two wants that make it a swap.
 */
export const SwapSchema = z.object({
  member: z.object({
    id: z.number().int(),
    username: z.string(),
    profile_picture: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  /** Miles between the two members; null when either has no location. */
  distance_miles: z.number().nullable(),
  /** Their listing that is on the viewer's want list. */
  their_listing: NamedItemSchema,
  /** The viewer's want it matches. */
  your_want: NamedItemSchema,
  /** The viewer's listing they want. */
  your_listing: NamedItemSchema,
  /** Their want it matches. */
  their_want: NamedItemSchema,
});
export type Swap = z.infer<typeof SwapSchema>;

export const SwapsSchema = z.array(SwapSchema);

export { SWAP_TEXTS } from './swap-texts.js';
