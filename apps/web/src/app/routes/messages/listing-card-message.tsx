import { TRADE_TEXTS } from '@gardenswap/shared/trade';
import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError, imageUrl } from '../../../lib/api-client';
import { priceLabel } from '../../../lib/format';
import { useListing } from '../../../features/listings/api/use-listing';
import '../../../features/trade/trade.css';

/**
 * The card a message carries ("I'd like this"): the listing as the reader may see it now, fetched
 * through the one visibility rule, so a listing they can no longer see shows only that it is gone.
 */
export function ListingCardMessage({ listingId }: { listingId: number }) {
  const listing = useListing(listingId);
  if (listing.isError && listing.error instanceof ApiError && listing.error.status === 404)
    return <p className="listing-card-message muted">{TRADE_TEXTS.listingUnavailable}</p>;
  if (!listing.data) return <p className="listing-card-message muted">Loading the listing...</p>;
  const src = imageUrl(listing.data.thumbnail);
  return (
    <Link className="listing-card-message" to={`/listings/${listingId}`}>
      {src ? <img src={src} alt="" /> : <Sprout aria-hidden size={40} />}
      <span>
        <span className="listing-card-message-title">{listing.data.title}</span>
        <br />
        <span className="muted">{priceLabel(listing.data)}</span>
      </span>
    </Link>
  );
}
