import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import type { Listing } from '@gardenswap/shared/listings';
import { stateBadge } from '../utils/categories';

/** What makes a listing different from an active, public, available one: paused, friends only, reserved or gone. */
export function ListingBadges({
  listing,
}: {
  listing: Pick<Listing, 'is_active' | 'is_public' | 'state_id'> &
    Partial<Pick<Listing, 'hidden_reason' | 'paused_reason'>>;
}) {
  const state = stateBadge(listing.state_id);
  const hidden = listing.hidden_reason != null;
  if (listing.is_active && listing.is_public && !state && !hidden) return null;
  return (
    <span className="listing-badges">
      {hidden && <span className="badge badge-warn">Hidden by a moderator</span>}
      {!listing.is_active && (
        <span className="badge badge-warn">
          {listing.paused_reason === 'not_renewed' ? FRESH_TEXTS.pausedNotRenewed : 'Paused'}
        </span>
      )}
      {!listing.is_public && <span className="badge badge-muted">Friends only</span>}
      {state && <span className={`badge ${state === 'Reserved' ? 'badge-warn' : 'badge-muted'}`}>{state}</span>}
    </span>
  );
}
