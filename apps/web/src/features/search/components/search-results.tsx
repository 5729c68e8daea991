import type { Listing } from '@gardenswap/shared/listings';
import type { Want } from '@gardenswap/shared/wants';
import { MapPin, Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { imageUrl } from '../../../lib/api-client';
import { distanceLabel, priceLabel } from '../../../lib/format';

interface ResultsProps<T> {
  items: T[];
  pending: boolean;
  error: boolean;
  /** The text searched for, as typed (trimmed). */
  q: string;
  /** Shown when nothing was searched and nothing is there. */
  empty: ReactNode;
  render: (item: T) => ReactNode;
  more?: ReactNode;
}

/** A search's results, or its loading, error and empty states ("No results for “{q}”"). */
export function SearchResults<T extends { id: number }>({
  items,
  pending,
  error,
  q,
  empty,
  render,
  more,
}: ResultsProps<T>) {
  if (pending) return <Loading />;
  if (error) return <ErrorBanner message="Failed to search. Please try again later." />;
  if (items.length === 0) {
    return <EmptyState>{q ? <p>No results for “{q}”</p> : empty}</EmptyState>;
  }
  return (
    <>
      <ul className="list search-results" aria-label="Results">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      {more}
    </>
  );
}

/** One listing found: photo, title, price, seller, distance; opens the listing. */
export function ListingResult({ listing, showOwner = true }: { listing: Listing; showOwner?: boolean }) {
  const src = imageUrl(listing.thumbnail ?? listing.featured_image);
  const distance = distanceLabel(listing.distance_miles);
  const state = listing.state_id === 2 ? 'Reserved' : listing.state_id === 3 ? 'Gone' : undefined;
  return (
    <Link to={`/listings/${listing.id}`} className="card search-result">
      <span className="search-result-image">{src ? <img src={src} alt="" /> : <Sprout aria-hidden size={28} />}</span>
      <span className="search-result-body">
        <span className="search-result-title">{listing.title}</span>
        <span className="muted search-result-line">
          {priceLabel(listing)}
          {showOwner && (
            <>
              {' ·'}
              <MiddleEllipsis text={listing.owner.username} />
            </>
          )}
        </span>
        {distance && (
          <span className="muted search-result-meta">
            <MapPin aria-hidden size={14} />
            <span className="visually-hidden">Distance: </span>
            {distance}
          </span>
        )}
      </span>
      {state && <span className={`badge ${state === 'Reserved' ? 'badge-warn' : 'badge-muted'}`}>{state}</span>}
    </Link>
  );
}

/** One of my wants found. */
export function WantResult({ want }: { want: Want }) {
  return (
    <div className="card search-result">
      <span className="search-result-image">
        <Sprout aria-hidden size={28} />
      </span>
      <span className="search-result-body">
        <span className="search-result-title">{want.title}</span>
      </span>
    </div>
  );
}
