import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { CloudUpload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useMe } from '../../../lib/auth-context';
import { priceLabel } from '../../../lib/format';
import {
  type QueuedPhoto,
  type WaitingListing,
  cancelWaitingListing,
  useWaitingListings,
} from '../../../features/listings/api/queued-listings';
import './waiting-listings.css';

/** A picture of a photo kept on the device, for as long as it is shown. */
function useKeptPhoto(photo: QueuedPhoto | undefined) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(new Blob([photo.bytes], { type: photo.type }));
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return src;
}

function statusOf(entry: WaitingListing) {
  if (entry.state === 'sending') return OFFLINE_TEXTS.posting;
  if (entry.state === 'failed')
    return entry.error ? OFFLINE_TEXTS.notPosted(entry.error) : OFFLINE_TEXTS.notPostedFallback;
  return OFFLINE_TEXTS.waitingToPost;
}

function WaitingRow({ entry, onCancel }: { entry: WaitingListing; onCancel: () => void }) {
  const { fields, photos } = entry.payload;
  const src = useKeptPhoto(photos[0]);
  return (
    <li className="card listing-row waiting-listing">
      <span className="listing-row-thumb">
        {src ? <img src={src} alt="" /> : <CloudUpload aria-hidden size={28} />}
      </span>
      <span className="listing-row-text">
        <span className="listing-row-title">{fields.title}</span>
        <span className="muted">
          {priceLabel(fields)}
          {photos.length > 0 && ` · ${OFFLINE_TEXTS.photoCount(photos.length)}`}
        </span>
        <span className={entry.state === 'failed' ? 'waiting-listing-failed' : 'waiting-listing-status'}>
          {statusOf(entry)}
        </span>
      </span>
      {entry.state !== 'sending' && (
        <button
          type="button"
          className="button"
          aria-label={OFFLINE_TEXTS.cancelListing(fields.title)}
          onClick={onCancel}
        >
          {OFFLINE_TEXTS.cancel}
        </button>
      )}
    </li>
  );
}

/**
 * My listings composed offline, kept on the device until they are posted: each with its state and a
 * Cancel. Posted, a listing leaves this section and shows among the others.
 */
export function WaitingListings() {
  const me = useMe();
  const waiting = useWaitingListings(me.id);
  // Just kept by the post form: say what happens next.
  const kept = (useLocation().state as { kept?: boolean } | null)?.kept === true;
  if (waiting.length === 0) return null;
  return (
    <section className="section waiting-listings" aria-labelledby="waiting-listings-title">
      <h2 id="waiting-listings-title">{OFFLINE_TEXTS.waitingListings}</h2>
      {kept && <p className="muted waiting-listings-kept">{OFFLINE_TEXTS.listingKept}</p>}
      <ul className="list list-wide">
        {waiting.map((entry) => (
          <WaitingRow key={entry.id} entry={entry} onCancel={() => void cancelWaitingListing(me.id, entry.id)} />
        ))}
      </ul>
    </section>
  );
}
