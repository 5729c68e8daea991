import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import type { Event } from '@gardenswap/shared/events';
import { ArrowLeft, CalendarDays, MapPin, Navigation } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { ApiError, imageUrl } from '../../../lib/api-client';
import { distanceLabel } from '../../../lib/format';
import { useEvent } from '../../../features/events/api/use-event';
import { EventGoing } from '../../../features/events/components/event-going';
import { HostActions } from '../../../features/events/components/host-actions';
import { eventTimeRange, hasEnded } from '../../../features/events/utils/event-time';
import { ReportButton } from '../../../features/safety/components/report-button';
import { EventNotFound } from './event-not-found';
import '../../../features/events/events.css';

/** /events/{id}: one event, with going for members, the host's edit and cancel, and report for others. */
export default function EventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  if (!Number.isSafeInteger(id) || id <= 0) return <EventNotFound />;
  if (event.isError && event.error instanceof ApiError && event.error.status === 404) return <EventNotFound />;
  if (event.data) return <EventDetail event={event.data} />;
  if (event.isError)
    return (
      <>
        <BackButton />
        <ErrorBanner message="Failed to load the event. Please try again later." />
      </>
    );
  return <Loading />;
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a shared link or a notice there is nothing to go back to inside the app.
  const back = () => (location.key === 'default' ? navigate('/events') : navigate(-1));
  return (
    <button type="button" className="button button-ghost back-button" onClick={back}>
      <ArrowLeft aria-hidden size={18} /> Back
    </button>
  );
}

function EventDetail({ event }: { event: Event }) {
  const photo = imageUrl(event.photo);
  const cancelled = event.cancelled_at !== null;
  const ended = !cancelled && hasEnded(event);
  const distance = event.is_owner ? undefined : distanceLabel(event.distance_miles);
  return (
    <article className="event-detail">
      <BackButton />
      {cancelled && (
        <p className="event-status" role="status">
          {EVENT_TEXTS.cancelled}
        </p>
      )}
      {ended && (
        <p className="event-status" role="status">
          {EVENT_TEXTS.ended}
        </p>
      )}
      {event.is_owner && event.hidden_reason !== null && (
        <p className="event-status" role="status">
          {EVENT_TEXTS.hiddenNotice}: {event.hidden_reason}
        </p>
      )}
      {photo && <img className="event-photo" src={photo} alt="" />}
      <h1>{event.title}</h1>
      <ul className="event-facts">
        <li>
          <CalendarDays aria-hidden size={18} />
          <span>
            <span className="visually-hidden">When: </span>
            <time dateTime={event.starts_at}>{eventTimeRange(event, { zone: true })}</time>
          </span>
        </li>
        <li>
          <MapPin aria-hidden size={18} />
          <span>
            <span className="visually-hidden">Where: </span>
            <strong>{event.place_name}</strong>
            <br />
            {[event.address, event.zip_code].filter(Boolean).join(', ')}
          </span>
        </li>
        {distance && (
          <li>
            <Navigation aria-hidden size={18} />
            <span>
              <span className="visually-hidden">Distance: </span>
              {distance} away
            </span>
          </li>
        )}
      </ul>
      <div className="row event-host">
        <Avatar src={event.owner.profile_picture} name={event.owner.username} size={40} />
        <p>
          Hosted by{' '}
          {event.is_owner ? (
            <strong>you</strong>
          ) : (
            <Link to={`/seller/${event.owner.id}`}>
              <MiddleEllipsis text={event.owner.username} />
            </Link>
          )}
        </p>
      </div>
      <section aria-label="About this event">
        {event.description ? (
          <p className="event-description">{event.description}</p>
        ) : (
          <p className="muted">No description provided</p>
        )}
      </section>
      <EventGoing event={event} />
      {event.is_owner && !cancelled && !ended && <HostActions event={event} />}
      {!event.is_owner && <ReportButton targetType="event" targetId={event.id} asLink />}
    </article>
  );
}
