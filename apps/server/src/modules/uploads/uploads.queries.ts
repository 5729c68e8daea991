import type { Executor } from '../../db/schema.js';
import { openToEveryone, visibleTo } from '../listings/index.js';

/** What a stored photo belongs to, which decides who may fetch it. */
export type PhotoOwner = { kind: 'listing'; listingId: number; isOpen: boolean } | { kind: 'avatar' } | undefined;

/**
 * The listing whose photo or thumbnail this is (any of its photos) (open: active and public, so anyone may fetch
 * it), else the member whose avatar it is (avatars are public), else nothing: an orphan is
 * served to nobody.
 */
export async function photoOwner(db: Executor, path: string): Promise<PhotoOwner> {
  const columns = ['listings.id', 'is_public', 'is_active', 'hidden_reason', 'owner_suspended'] as const;
  const listing =
    (await db
      .selectFrom('listing_photos')
      .innerJoin('listings', 'listings.id', 'listing_photos.listing_id')
      .select(columns)
      .where((eb) => eb.or([eb('listing_photos.image', '=', path), eb('listing_photos.thumbnail', '=', path)]))
      .executeTakeFirst()) ??
    // The cover is mirrored on the listing row; a row written without `listing_photos` still counts.
    (await db
      .selectFrom('listings')
      .select(columns)
      .where((eb) => eb.or([eb('featured_image', '=', path), eb('thumbnail', '=', path)]))
      .executeTakeFirst());
  if (listing) return { kind: 'listing', listingId: listing.id, isOpen: openToEveryone(listing) };
  const avatar = await db.selectFrom('users').select('id').where('profile_picture', '=', path).executeTakeFirst();
  return avatar ? { kind: 'avatar' } : undefined;
}

/**
 * Whether the one visibility rule lets this member see the listing now; a moderator also sees the
 * photos of the listings they review (their signed URLs come only from the moderation screen).
 */
export async function canSeeListing(db: Executor, viewerId: number, listingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('listings')
    .select('listings.id')
    .where('listings.id', '=', listingId)
    .where((eb) =>
      eb.or([
        visibleTo(viewerId)(eb),
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.id', '=', viewerId)
            .where('users.is_moderator', '=', 1),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
