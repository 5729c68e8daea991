import { MODERATION_TEXTS, type ModerationListing } from '@gardenswap/shared/moderation';
import { Sprout } from 'lucide-react';
import { imageUrl } from '../../../lib/api-client';

/** A listing as a moderator sees it: photo, title, text and what keeps it from members. */
export function ListingSummary({ listing }: { listing: ModerationListing }) {
  const src = imageUrl(listing.thumbnail);
  return (
    <div className="moderation-listing">
      <div className="moderation-photo">
        {src ? <img src={src} alt={listing.title} width={96} height={96} /> : <Sprout aria-hidden size={40} />}
      </div>
      <div>
        <h3 className="moderation-listing-title">{listing.title}</h3>
        <p className="moderation-small">{listing.description || <span className="muted">No description</span>}</p>
        <p className="listing-badges">
          {!listing.is_public && <span className="badge badge-muted">Friends only</span>}
          {!listing.is_active && <span className="badge badge-warn">Paused</span>}
          {listing.hidden_reason !== null && (
            <span className="badge badge-warn">
              {MODERATION_TEXTS.hiddenNotice}: {listing.hidden_reason}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
