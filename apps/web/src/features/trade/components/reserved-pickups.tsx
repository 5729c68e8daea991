import { Link } from 'react-router';
import { useReservedWith } from '../api/use-reserved-with';
import { PickupSection } from './pickup-section';
import '../trade.css';

/** Above a chat: each listing reserved between me and that member, with its pickup. Nothing when there is none. */
export function ReservedPickups({ otherId, otherName }: { otherId: number; otherName: string }) {
  const reserved = useReservedWith(otherId);
  // The chat is what the page is for: while loading, or when this fails, the strip stays out of the way.
  if (!reserved.data?.length) return null;
  return (
    <ul className="pickup-strip" aria-label="Reserved between you">
      {reserved.data.map(({ listing, is_owner, pickup }) => (
        <li key={listing.id} className="pickup-strip-item">
          <Link to={`/listings/${listing.id}`} className="pickup-strip-title">
            {listing.title}
          </Link>
          <PickupSection
            listingId={listing.id}
            pickup={pickup}
            isOwner={is_owner}
            other={otherName}
            label={`Pickup of ${listing.title}`}
          />
        </li>
      ))}
    </ul>
  );
}
