import { listingAgeText } from '@gardenswap/shared/fresh-texts';
import type { Listing } from '@gardenswap/shared/listings';
import { Clock } from 'lucide-react';
import '../fresh.css';

/** "listed 3 days ago" or "renewed today": how fresh the listing is, on cards and its page. */
export function ListingAge({
  listing,
  className = 'listing-card-meta',
}: {
  listing: Pick<Listing, 'created_at' | 'renewed_at'>;
  className?: string;
}) {
  const since = listing.renewed_at ?? listing.created_at;
  return (
    <p className={`listing-age ${className}`}>
      <Clock aria-hidden size={14} />
      <time dateTime={since} title={new Date(since).toLocaleString()}>
        {listingAgeText(listing)}
      </time>
    </p>
  );
}
