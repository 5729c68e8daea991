import { LISTING_STATES } from '@gardenswap/shared/constants';
import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { imageUrl } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { priceLabel } from '../../../lib/format';
import { useListings } from '../../../features/listings/api/use-listings';

/**
 * The seller's Have tab: the listings I may see, each opening its detail page. On my own page
 * it shows what other members see: nothing gone or paused, friends-only ones marked.
 */
export function SellerHaves({ userId }: { userId: number }) {
  const me = useMe();
  const own = me.id === userId;
  const listings = useListings({ user_id: userId });
  if (listings.isPending) return <Loading />;
  if (listings.isError) {
    return (
      <div>
        <ErrorBanner message="Failed to load listings. Please try again later" />
        <button type="button" className="button" onClick={() => void listings.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const items = listings.data.pages
    .flatMap((page) => page.items)
    .filter((l) => !own || (l.is_active && l.state_id !== LISTING_STATES.gone));
  if (items.length === 0) return <EmptyState>No items</EmptyState>;
  return (
    <>
      <ul className="seller-haves" aria-label="Have">
        {items.map((listing) => {
          const picture = imageUrl(listing.thumbnail ?? listing.featured_image);
          return (
            <li key={listing.id}>
              <Link to={`/listings/${listing.id}`} className="seller-have">
                {picture ? (
                  <img src={picture} alt="" width={64} height={64} loading="lazy" className="seller-have-thumb" />
                ) : (
                  <span className="seller-have-thumb seller-have-thumb-empty" aria-hidden>
                    <Sprout size={28} />
                  </span>
                )}
                <span className="seller-have-title">{listing.title}</span>
                <span className="seller-have-price">
                  {listing.state_id === LISTING_STATES.reserved && <span className="badge badge-warn">Reserved</span>}
                  {own && !listing.is_public && <span className="badge badge-muted">Friends only</span>}
                  {priceLabel(listing)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {listings.hasNextPage && (
        <button
          type="button"
          className="button seller-more"
          onClick={() => void listings.fetchNextPage()}
          disabled={listings.isFetchingNextPage}
        >
          {listings.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </button>
      )}
      {listings.isFetchNextPageError && <ErrorBanner message="Failed to load listings. Please try again later" />}
    </>
  );
}
