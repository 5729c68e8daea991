import { PICKUP_HANDOVER_ASK_AFTER_MS, PICKUP_TEXTS, type Pickup, formatPickupTime } from '@gardenswap/shared/pickup';
import { CalendarCheck, CalendarClock, CalendarPlus, MapPin } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/feedback';
import { useAuth } from '../../../lib/auth-context';
import { useAgreePickup, useCancelPickup } from '../api/use-pickup-actions';
import { useDownloadPickupCalendar } from '../api/use-pickup-calendar';
import { errorText } from './error-text';
import { PickupAskForm } from './pickup-ask-form';
import { PickupOfferForm } from './pickup-offer-form';

export interface PickupSectionProps {
  listingId: number;
  pickup: Pickup | null;
  isOwner: boolean;
  /** The other member of the reservation, by name. */
  other: string;
  /** Opens the hand-over form; without it, the question links to the listing's page. */
  onHandOver?: () => void;
  label?: string;
}

type Editing = 'offer' | 'move' | 'ask' | null;

/** A reserved listing's pickup for its two members: offer times, pick one or ask for others, move, cancel. */
export function PickupSection(props: PickupSectionProps) {
  const { listingId, pickup, label = PICKUP_TEXTS.title } = props;
  const [editing, setEditing] = useState<Editing>(null);
  const done = () => setEditing(null);
  return (
    <section className="pickup" aria-label={label}>
      {editing === 'ask' ? (
        <PickupAskForm listingId={listingId} onDone={done} />
      ) : editing ? (
        <PickupOfferForm listingId={listingId} moving={editing === 'move' ? pickup : null} onDone={done} />
      ) : (
        <PickupStatus {...props} onEdit={setEditing} />
      )}
    </section>
  );
}

function PickupStatus(props: PickupSectionProps & { onEdit: (editing: Editing) => void }) {
  const { listingId, pickup, isOwner, other, onHandOver, onEdit } = props;
  const meId = useAuth().auth?.user.id;
  const agree = useAgreePickup(listingId);
  const cancel = useCancelPickup(listingId);
  const calendar = useDownloadPickupCalendar(listingId);
  const saving = agree.isPending || cancel.isPending;
  const failed = agree.error ?? cancel.error;

  const offerButton = (
    <button type="button" className="button" disabled={saving} onClick={() => onEdit('offer')}>
      {PICKUP_TEXTS.offer}
    </button>
  );
  const moveButton = (
    <button type="button" className="button" disabled={saving} onClick={() => onEdit('move')}>
      {PICKUP_TEXTS.move}
    </button>
  );
  const cancelButton = (
    <button type="button" className="button" disabled={saving} onClick={() => cancel.mutate()}>
      {cancel.isPending ? 'Saving...' : PICKUP_TEXTS.cancel}
    </button>
  );

  let body: ReactNode;
  if (!pickup) {
    body = (
      <>
        <p className="muted">No pickup time yet.</p>
        <div className="row pickup-actions">{offerButton}</div>
      </>
    );
  } else if (pickup.status === 'agreed' && pickup.agreed_time) {
    const handOverDue = isOwner && Date.now() - Date.parse(pickup.agreed_time) > PICKUP_HANDOVER_ASK_AFTER_MS;
    body = (
      <>
        <p className="pickup-line" role="status">
          <CalendarCheck aria-hidden size={16} />
          <strong>
            {PICKUP_TEXTS.agreed}: {formatPickupTime(pickup.agreed_time)}
          </strong>
        </p>
        <Place place={pickup.place} />
        {handOverDue && (
          <p className="pickup-handover">
            {PICKUP_TEXTS.wasItHandedOver}{' '}
            {onHandOver ? (
              <button type="button" className="button button-primary" onClick={onHandOver}>
                Yes, hand it over
              </button>
            ) : (
              <Link to={`/listings/${listingId}`}>Hand it over on the listing</Link>
            )}
          </p>
        )}
        <div className="row pickup-actions">
          <button type="button" className="button" disabled={calendar.isPending} onClick={() => calendar.mutate()}>
            <CalendarPlus aria-hidden size={16} /> {calendar.isPending ? 'Preparing...' : PICKUP_TEXTS.addToCalendar}
          </button>
          {moveButton}
          {cancelButton}
        </div>
      </>
    );
  } else if (pickup.status === 'asked') {
    const askedByMe = pickup.offered_by_id !== meId;
    body = (
      <>
        <p className="pickup-line" role="status">
          <CalendarClock aria-hidden size={16} />
          <strong>{askedByMe ? PICKUP_TEXTS.askedForAnother : `${other} asked for another time`}</strong>
        </p>
        {pickup.note && <blockquote className="pickup-note">{pickup.note}</blockquote>}
        <div className="row pickup-actions">{offerButton}</div>
      </>
    );
  } else if (pickup.offered_by_id === meId) {
    body = (
      <>
        <p className="pickup-line" role="status">
          <CalendarClock aria-hidden size={16} />
          <strong>Waiting for {other} to pick a time</strong>
        </p>
        <ul className="pickup-times">
          {pickup.times.map((time) => (
            <li key={time}>{formatPickupTime(time)}</li>
          ))}
        </ul>
        <Place place={pickup.place} />
        <div className="row pickup-actions">
          {moveButton}
          {cancelButton}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="pickup-line" role="status">
          <CalendarClock aria-hidden size={16} />
          <strong>{PICKUP_TEXTS.pickOne}</strong>
        </p>
        <Place place={pickup.place} />
        <ul className="pickup-times">
          {pickup.times.map((time) => (
            <li key={time}>
              <button
                type="button"
                className="button button-primary"
                disabled={saving}
                onClick={() => agree.mutate({ time })}
              >
                {agree.isPending && agree.variables?.time === time ? 'Saving...' : formatPickupTime(time)}
              </button>
            </li>
          ))}
        </ul>
        <div className="row pickup-actions">
          <button type="button" className="button" disabled={saving} onClick={() => onEdit('ask')}>
            {PICKUP_TEXTS.askAnother}
          </button>
          <button type="button" className="button" disabled={saving} onClick={() => onEdit('offer')}>
            Offer other times
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      {body}
      <ErrorBanner message={failed ? errorText(failed, 'Failed to save the pickup. Please try again.') : null} />
      <ErrorBanner
        message={
          calendar.isError ? errorText(calendar.error, 'Failed to get the calendar file. Please try again.') : null
        }
      />
    </>
  );
}

function Place({ place }: { place: string | null }) {
  if (!place) return null;
  return (
    <p className="pickup-line">
      <MapPin aria-hidden size={16} /> {place}
    </p>
  );
}
