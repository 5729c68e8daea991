import type { Listing } from '@gardenswap/shared/listings';
import { memo, startTransition, useEffect, useState } from 'react';
import { ListingCard } from './listing-card';

/** Cards a phone shows before any scrolling, and a little more: they render with the page. */
const FIRST = 6;
/** Cards each later step adds, each step a short task of its own. */
const STEP = 8;
/** Cards a wide screen shows in its first row (two on a phone): their photos load first, the rest lazily. */
const FIRST_ROW = 4;

const Card = memo(ListingCard);

/** Runs `work` once the browser is idle, or soon; the function returned cancels it. */
function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(work, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/**
 * The marketplace's cards, a page of 50 of them: the first screenful renders with the page, the
 * rest in small steps while the browser is idle, so no step holds a phone for long. Only the new
 * cards render at each step (the others are memoised), and a page loaded later continues the same way.
 */
export function ListingGrid({ listings }: { listings: Listing[] }) {
  const [shown, setShown] = useState(FIRST);
  useEffect(() => {
    if (shown >= listings.length) return;
    return whenIdle(() => startTransition(() => setShown((n) => n + STEP)));
  }, [shown, listings.length]);
  return (
    <div className="grid listing-grid">
      {listings.slice(0, shown).map((listing, index) => (
        <Card key={listing.id} listing={listing} priority={index < FIRST_ROW} />
      ))}
    </div>
  );
}
