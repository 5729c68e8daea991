import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import type { Event } from '@gardenswap/shared/events';
import { CalendarPlus, Check, Users } from 'lucide-react';
import { ErrorBanner } from '../../../components/feedback';
import { errorText } from '../../../lib/api-client';
import { useDownloadEventCalendar } from '../api/use-event-calendar';
import { useGoing } from '../api/use-going';
import { friendsGoingLine, goingLabel, isFull } from '../utils/event-texts';
import { hasEnded } from '../utils/event-time';

/**
 * Who is going, and my part in it: "I'm going" (not once it is full) or "Not going", and the
 * calendar entry for the members going and the host. Only the count once it is cancelled or over.
 */
export function EventGoing({ event }: { event: Event }) {
  const going = useGoing(event.id);
  const calendar = useDownloadEventCalendar(event.id);
  const open = event.cancelled_at === null && !hasEnded(event);
  const full = isFull(event);
  const friends = friendsGoingLine(event);
  const spots = event.capacity === null ? null : Math.max(0, event.capacity - event.going_count);

  return (
    <section className="event-going" aria-label="Who is going">
      <p>
        <Users aria-hidden size={16} /> <strong>{goingLabel(event.going_count)}</strong>
        {open && spots !== null && spots > 0 && <span className="muted"> · {EVENT_TEXTS.spotsLeft(spots)}</span>}
      </p>
      {friends && <p className="event-card-friends">{friends}</p>}
      {open && event.going_by_me && (
        <p role="status">
          <Check aria-hidden size={16} /> You are going.
        </p>
      )}
      {open && !event.is_owner && !event.going_by_me && full && <p role="status">{EVENT_TEXTS.full}</p>}
      {open && (
        <div className="event-actions">
          {!event.is_owner &&
            (event.going_by_me ? (
              <button type="button" className="button" disabled={going.isPending} onClick={() => going.mutate(false)}>
                {going.isPending ? 'Saving...' : 'Not going'}
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={going.isPending || full}
                onClick={() => going.mutate(true)}
              >
                {going.isPending ? 'Saving...' : "I'm going"}
              </button>
            ))}
          {(event.is_owner || event.going_by_me) && (
            <button type="button" className="button" disabled={calendar.isPending} onClick={() => calendar.mutate()}>
              <CalendarPlus aria-hidden size={16} /> {calendar.isPending ? 'Preparing...' : 'Add to calendar'}
            </button>
          )}
        </div>
      )}
      <ErrorBanner message={going.isError ? errorText(going.error, 'Failed to save. Please try again.') : null} />
      <ErrorBanner
        message={
          calendar.isError ? errorText(calendar.error, 'Failed to get the calendar file. Please try again.') : null
        }
      />
    </section>
  );
}
