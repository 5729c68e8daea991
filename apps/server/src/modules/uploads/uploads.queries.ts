import type { ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { eventOpenToEveryone, eventVisibleTo } from '../event-visibility/index.js';
import { openToEveryone, visibleTo } from '../listings/index.js';

/** What a stored photo belongs to, which decides who may fetch it. */
export type PhotoOwner =
  | { kind: 'listing'; listingId: number; isOpen: boolean }
  | { kind: 'event'; eventId: number; isOpen: boolean }
  | { kind: 'avatar' }
  | undefined;

/** Whether the member is a moderator: they also see the photos of what they review. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isModerator = (viewerId: number, eb: ExpressionBuilder<Database, any>) =>
  eb.exists(
    eb.selectFrom('users').select('users.id').where('users.id', '=', viewerId).where('users.is_moderator', '=', 1),
  );

/**
 * The listing whose photo or thumbnail this is (any of its photos) (open: active and public, so
 * anyone may fetch it), else the event whose photo it is (open unless hidden or its host
 * suspended), else the member whose avatar it is (avatars are public), else nothing: an orphan is
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
  const event = await db
    .selectFrom('events')
    .select(['id', 'hidden_reason', 'owner_suspended'])
    .where((eb) => eb.or([eb('photo', '=', path), eb('thumbnail', '=', path)]))
    .executeTakeFirst();
  if (event) return { kind: 'event', eventId: event.id, isOpen: eventOpenToEveryone(event) };
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
    .where((eb) => eb.or([visibleTo(viewerId)(eb), isModerator(viewerId, eb)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the event visibility rule lets this member see the event now; a moderator also sees it. */
export async function canSeeEvent(db: Executor, viewerId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('events.id')
    .where('events.id', '=', eventId)
    .where((eb) => eb.or([eventVisibleTo(viewerId)(eb), isModerator(viewerId, eb)]))
    .executeTakeFirst();
  return row !== undefined;
}
