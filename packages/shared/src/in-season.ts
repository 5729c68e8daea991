import { z } from 'zod';
import { WithinMilesSchema } from './listings.js';

/**
 * GET /listings/in-season: `within_miles` of the viewer's postcode (IN_SEASON_MILES when not given),
 * as the marketplace's distance filter takes it.
 */
export const InSeasonQuerySchema = z.object({ within_miles: WithinMilesSchema });

/** One kind of produce being listed near the viewer: its name (as in PRODUCE), what its chip searches, how many listings. */
export const InSeasonCropSchema = z.object({
  crop: z.string(),
  search: z.string(),
  listings: z.number().int().positive(),
});

/**
 * The produce listed near the viewer in the last IN_SEASON_DAYS, commonest first, counting only
 * listings the viewer may see; `located` is false (and `crops` empty) while the viewer has no postcode.
 */
export const InSeasonSchema = z.object({
  within_miles: z.number(),
  located: z.boolean(),
  crops: z.array(InSeasonCropSchema),
});

export type InSeason = z.infer<typeof InSeasonSchema>;
export type InSeasonCrop = z.infer<typeof InSeasonCropSchema>;
