import type { Executor } from '../../db/schema.js';
import { visibleTo } from '../listings/visibility.js';

/** What a stored photo belongs to, which decides who may fetch it. */
export type PhotoOwner = { kind: 'listing'; listingId: number; isOpen: boolean } | { kind: 'avatar' } | undefined;

/**
 * The listing whose photo or thumbnail this is (open: active and public, so anyone may fetch
 * it), else the member whose avatar it is (avatars are public), else nothing: an orphan is
 * served to nobody.
 */
export async function photoOwner(db: Executor, path: string): Promise<PhotoOwner> {
  const listing = await db
    .selectFrom('listings')
    .select(['id', 'is_public', 'is_active'])
    .where((eb) => eb.or([eb('featured_image', '=', path), eb('thumbnail', '=', path)]))
    .executeTakeFirst();
  if (listing)
    return { kind: 'listing', listingId: listing.id, isOpen: listing.is_public === 1 && listing.is_active === 1 };
  const avatar = await db.selectFrom('users').select('id').where('profile_picture', '=', path).executeTakeFirst();
  return avatar ? { kind: 'avatar' } : undefined;
}

/** Whether the one visibility rule lets this member see the listing now. */
export async function canSeeListing(db: Executor, viewerId: number, listingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('listings')
    .select('listings.id')
    .where('listings.id', '=', listingId)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}
