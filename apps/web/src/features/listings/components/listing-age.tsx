import { listingAgeText } from '@gardenswap/shared/fresh-texts';
import type { Listing } from '@gardenswap/shared/listings';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import '../fresh.css';

/**
 * "listed 3 days ago" or "renewed today": how fresh the listing is, on cards and its page. The
 * exact date and time is a tooltip, written when a pointer comes over it: the first date a page
 * formats costs a phone a noticeable moment (the locale's data), and a marketplace full of cards
 * would pay it before showing them, for a tooltip only a mouse can open.
 */
export function ListingAge({
  listing,
  className = 'listing-card-meta',
}: {
  listing: Pick<Listing, 'created_at' | 'renewed_at'>;
  className?: string;
}) {
  const since = listing.renewed_at ?? listing.created_at;
  const [exact, setExact] = useState<string>();
  return (
    <p className={`listing-age ${className}`}>
      <Clock aria-hidden size={14} />
      <time dateTime={since} title={exact} onPointerEnter={() => setExact(new Date(since).toLocaleString())}>
        {listingAgeText(listing)}
      </time>
    </p>
  );
}
