import { PICKUP_TEXTS } from '@gardenswap/shared/pickup';
import { type InterestedMember, PICKUP_NOTE_MAX, type ReserveInput } from '@gardenswap/shared/trade';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { TextArea } from '../../../components/field';
import { useReservation } from '../api/use-trade-actions';
import { errorText } from './error-text';
import { type PickupDraft, PickupTimesFields } from './pickup-times-fields';
import { localToInstant, pickupFieldErrors } from './pickup-times';

/** The pickup offered with a reservation, when any time was given. */
function pickupOf(draft: PickupDraft): ReserveInput['pickup'] {
  const times = draft.times.filter(Boolean).map(localToInstant);
  if (times.length === 0) return undefined;
  // An empty place is left out of the body (JSON drops undefined).
  return { times, place: draft.place.trim() || undefined };
}

/** Reserves the listing for a member, with a pickup note and, optionally, pickup times for them to pick from. */
export function ReserveForm(props: { listingId: number; member: InterestedMember; onDone: () => void }) {
  const { listingId, member, onDone } = props;
  const { reserve } = useReservation(listingId);
  const [note, setNote] = useState('');
  const [draft, setDraft] = useState<PickupDraft>({ times: [''], place: '' });
  // A place with no time: the server could not offer it, so it is asked for here.
  const [placeOnly, setPlaceOnly] = useState(false);
  const serverErrors = pickupFieldErrors(reserve.error, 'pickup.');
  const fieldErrors = placeOnly ? { time: [], times: PICKUP_TEXTS.timesRequired } : serverErrors;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pickup = pickupOf(draft);
    const missingTimes = !pickup && draft.place.trim() !== '';
    setPlaceOnly(missingTimes);
    if (missingTimes) return;
    reserve.mutate(
      { user_id: member.id, ...(note.trim() ? { pickup_note: note.trim() } : {}), ...(pickup ? { pickup } : {}) },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="card trade-form" onSubmit={submit} aria-label={`Reserve for ${member.username}`}>
      <TextArea
        label="Pickup note (when and where, optional)"
        value={note}
        maxLength={PICKUP_NOTE_MAX}
        onChange={(e) => setNote(e.currentTarget.value)}
        rows={2}
      />
      <PickupTimesFields legend="Pickup times (optional)" value={draft} onChange={setDraft} errors={fieldErrors} />
      <ErrorBanner
        message={
          reserve.isError && !serverErrors ? errorText(reserve.error, 'Failed to reserve. Please try again.') : null
        }
      />
      <div className="row">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={reserve.isPending}>
          {reserve.isPending ? 'Saving...' : `Reserve for ${member.username}`}
        </button>
      </div>
    </form>
  );
}
