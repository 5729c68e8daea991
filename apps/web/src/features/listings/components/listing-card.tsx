import type { Listing } from '@gardenswap/shared/listings';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { oldSeed } from '@gardenswap/shared/seed-viability';
import { MapPin, Navigation, Sprout, User } from 'lucide-react';
import { Link } from 'react-router';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { imageUrl } from '../../../lib/api-client';
import { priceLabel } from '../../../lib/format';
import { distanceLabel } from '../../../lib/format';
import { ListingAge } from './listing-age';
import { ListingBadges } from './listing-badges';
import { seedLotLine, thisYear } from '../utils/seed-lot';
import '../listings.css';

/**
 * A marketplace card: photo, title, price (or "exchange"/"giveaway"), a seed lot's line ("Heirloom ·
 * packed 2023 · can mail", with a germination hint when packed long ago), the seller's username
 * (never an id), city and distance, its age ("listed 3 days ago"), and a reserved or gone badge; the whole card opens the listing.
 * `priority` marks a card of the first row: its photo is on screen at once, so it loads first
 * rather than lazily (the page's largest paint is usually one of these photos).
 */
export function ListingCard({
  listing,
  showOwner = true,
  priority = false,
}: {
  listing: Listing;
  showOwner?: boolean;
  priority?: boolean;
}) {
  const src = imageUrl(listing.thumbnail ?? listing.featured_image);
  const distance = distanceLabel(listing.distance_miles);
  const seedLine = seedLotLine(listing);
  const old = oldSeed(listing, thisYear());
  return (
    <article className="listing-card">
      <Link to={`/listings/${listing.id}`} className="listing-card-link">
        <div className="listing-card-image">
          {src ? (
            <img src={src} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} />
          ) : (
            <Sprout aria-hidden size={40} />
          )}
        </div>
        <div className="listing-card-body">
          <h2 className="listing-card-title">{listing.title}</h2>
          <p className="listing-card-price">{priceLabel(listing)}</p>
          {seedLine && <p className="listing-card-seed">{seedLine}</p>}
          {old && <p className="listing-card-hint">{SEED_TEXTS.germinationHintShort(old.crop, old.years)}</p>}
          {showOwner && (
            <p className="listing-card-meta">
              <User aria-hidden size={14} />
              <span className="visually-hidden">Seller: </span>
              <MiddleEllipsis text={listing.owner.username} />
            </p>
          )}
          {listing.owner.city && (
            <p className="listing-card-meta">
              <MapPin aria-hidden size={14} />
              <span className="visually-hidden">City: </span>
              {listing.owner.city}
            </p>
          )}
          {distance && (
            <p className="listing-card-meta">
              <Navigation aria-hidden size={14} />
              <span className="visually-hidden">Distance: </span>
              {distance}
            </p>
          )}
          <ListingAge listing={listing} />
          <ListingBadges listing={listing} />
        </div>
      </Link>
    </article>
  );
}
