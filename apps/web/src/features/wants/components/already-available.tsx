import { NOTIFICATION_TEXTS } from '@gardenswap/shared/notifications';
import type { Want } from '@gardenswap/shared/wants';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../components/feedback';
import { priceLabel } from '../../../lib/format';
import { useWantMatches } from '../api/use-want-matches';

/**
 * After saving new wants: the listings the member can already see that match them, at once.
 * With none (or when they cannot be fetched) there is nothing to show, and `onDone` moves on.
 */
export function AlreadyAvailable({ wants, onDone }: { wants: Want[]; onDone: () => void }) {
  const results = useWantMatches(wants.map((w) => w.id));
  const settled = results.every((r) => !r.isPending);
  const found = wants
    .map((want, i) => ({ want, listings: Array.isArray(results[i]?.data) ? results[i].data : [] }))
    .filter((m) => m.listings.length > 0);
  const nothing = settled && found.length === 0;
  useEffect(() => {
    if (nothing) onDone();
  }, [nothing, onDone]);

  if (!settled || nothing) return <Loading />;
  return (
    <section className="card already-available" aria-labelledby="already-available">
      <h2 id="already-available">{NOTIFICATION_TEXTS.alreadyAvailable}</h2>
      <p className="muted">Saved. These listings already match your wish list:</p>
      {found.map(({ want, listings }) => (
        <div key={want.id}>
          <h3>{want.title}</h3>
          <ul aria-label={`Matches for ${want.title}`}>
            {listings.map((listing) => (
              <li key={listing.id} className="spread">
                <Link to={`/listings/${listing.id}`}>{listing.title}</Link>
                <span className="muted">
                  {priceLabel(listing)} · {listing.owner.username}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <button type="button" className="button button-primary button-block" onClick={onDone}>
        Continue
      </button>
    </section>
  );
}
