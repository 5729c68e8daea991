import { z } from 'zod';
import { IdSchema } from './common.js';

/** How many photos one listing may have. */
export const LISTING_PHOTOS_MAX = 6;

/** What the photo calls of a listing answer when they refuse. */
export const LISTING_PHOTO_TEXTS = {
  tooMany: `A listing can have at most ${LISTING_PHOTOS_MAX} photos. Remove one to add another.`,
  photoNotFound: 'Photo not found',
  orderMismatch: 'The new order must name every photo of the listing once',
} as const;

/**
 * One photo of a listing, in the listing's order (the first is the cover). Paths follow the
 * listing's visibility exactly as `featured_image` does.
 */
export const ListingPhotoSchema = z.object({
  id: z.number().int(),
  image: z.string().describe('The photo (long side at most 1920 px), fetched as `/api/{path}`.'),
  thumbnail: z.string().describe('The 480 px version, fetched as `/api/{path}`.'),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/** PUT /listings/{id}/photos/order: every photo id of the listing once, the cover first. */
export const PhotoOrderInputSchema = z.object({
  photo_ids: z.array(z.number().int().positive()).min(1).max(LISTING_PHOTOS_MAX),
});
export type PhotoOrderInput = z.infer<typeof PhotoOrderInputSchema>;

export const PhotoParamsSchema = z.object({
  id: IdSchema,
  photoId: IdSchema,
});
