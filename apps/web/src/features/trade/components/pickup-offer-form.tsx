import type { Pickup } from '@gardenswap/shared/pickup';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { useOfferPickup } from '../api/use-pickup-actions';
import { errorText } from './error-text';
import { type PickupDraft, PickupTimesFields } from './pickup-times-fields';
import { instantToLocal, localToInstant, pickupFieldErrors } from './pickup-times';

/** A moved pickup starts from what holds now: the agreed time, or the times on offer. */
function draftOf(pickup: Pickup | null | undefined): PickupDraft {
  if (!pickup) return { times: [''], place: '' };
  const times = pickup.status === 'agreed' && pickup.agreed_time ? [pickup.agreed_time] : pickup.times;
  return { times: times.length ? times.map(instantToLocal) : [''], place: pickup.place ?? '' };
}

/** PUT /listings/{id}/pickup: one to three times and a place, new or moving what was offered or agreed. */
export function PickupOfferForm(props: {
  listingId: number;
  /** The pickup being moved, to start from. */
  moving?: Pickup | null;
  onDone: () => void;
}) {
  const { listingId, moving, onDone } = props;
  const offer = useOfferPickup(listingId);
  const [draft, setDraft] = useState(() => draftOf(moving));
  const fieldErrors = pickupFieldErrors(offer.error);
  const label = moving ? 'Move the pickup' : 'Offer pickup times';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const place = draft.place.trim();
    offer.mutate(
      { times: draft.times.filter(Boolean).map(localToInstant), ...(place ? { place } : {}) },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="card trade-form" onSubmit={submit} aria-label={label}>
      <PickupTimesFields legend="When suits you" value={draft} onChange={setDraft} errors={fieldErrors} required />
      <ErrorBanner
        message={
          offer.isError && !fieldErrors ? errorText(offer.error, 'Failed to send the times. Please try again.') : null
        }
      />
      <div className="row">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={offer.isPending}>
          {offer.isPending ? 'Saving...' : moving ? 'Send new times' : 'Send times'}
        </button>
      </div>
    </form>
  );
}
