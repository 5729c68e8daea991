import { z } from 'zod';
import { CATEGORIES } from './constants.js';

/**
 * Fresh listings: each listing asks its owner now and then whether it is still available, and
 * pauses itself when nobody answers. Produce spoils in days, seeds and plants keep for weeks.
 */
export const FRESH_CATEGORY_GROUPS = {
  /** Asked after `FRESH_LISTINGS.produceDays` (server config). */
  produce: [CATEGORIES.produce],
  /** Asked after `FRESH_LISTINGS.seedsAndPlantsDays`. */
  seedsAndPlants: [CATEGORIES.seeds, CATEGORIES.plants],
} as const;

/** Why a listing is paused when the owner did not pause it themselves. */
export const PAUSED_REASONS = ['not_renewed'] as const;
export type PausedReason = (typeof PAUSED_REASONS)[number];
export const PausedReasonSchema = z.enum(PAUSED_REASONS);

/** GET /listings/renew/link and POST /listings/renew: the signed token of the e-mail's renew link. */
export const RenewLinkQuerySchema = z.object({ token: z.string().max(2000).optional() });

/** The listing a renew link is about: its page asks about it, its button renews it. */
export const RenewLinkListingSchema = z.object({ listing_id: z.number().int(), title: z.string() });
export type RenewLinkListing = z.infer<typeof RenewLinkListingSchema>;

export { FRESH_TEXTS, listingAgeText } from './fresh-texts.js';
