import type { Event } from '@gardenswap/shared/events';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/api-client';
import { distanceLabel } from '../../../lib/format';
import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { friendsGoingLine, goingLabel } from '../utils/event-texts';
import { eventTimeRange, hasEnded } from '../utils/event-time';
import '../events.css';

/**
 * An event in a list: photo, title, when (in the browser's zone), where, how many are going and
 * which friends, and whether it was cancelled, is over, or is mine; the whole card opens its page.
 */
export function EventCard({ event, headingLevel = 2 }: { event: Event; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const src = imageUrl(event.thumbnail);
  const distance = event.is_owner ? undefined : distanceLabel(event.distance_miles);
  const friends = friendsGoingLine(event);
  const cancelled = event.cancelled_at !== null;
  return (
    <article className={`event-card${cancelled ? ' event-card-cancelled' : ''}`}>
      <Link to={`/events/${event.id}`} className="event-card-link">
        <div className="event-card-image">
          {src ? <img src={src} alt="" loading="lazy" /> : <CalendarDays aria-hidden size={32} />}
        </div>
        <div className="event-card-body">
          <Heading className="event-card-title">{event.title}</Heading>
          <p className="event-card-meta">
            <CalendarDays aria-hidden size={14} />
            <time dateTime={event.starts_at}>{eventTimeRange(event)}</time>
          </p>
          <p className="event-card-meta">
            <MapPin aria-hidden size={14} />
            <span>
              {event.place_name}
              {distance && ` · ${distance}`}
            </span>
          </p>
          <p className="event-card-meta">
            <Users aria-hidden size={14} />
            {goingLabel(event.going_count)}
          </p>
          {friends && <p className="event-card-friends">{friends}</p>}
          <EventBadges event={event} />
        </div>
      </Link>
    </article>
  );
}

function EventBadges({ event }: { event: Event }) {
  const badges: { text: string; className: string }[] = [];
  if (event.cancelled_at !== null) badges.push({ text: EVENT_TEXTS.cancelledBadge, className: 'badge badge-warn' });
  else if (hasEnded(event)) badges.push({ text: EVENT_TEXTS.endedBadge, className: 'badge badge-muted' });
  if (event.hidden_reason !== null) badges.push({ text: EVENT_TEXTS.hiddenNotice, className: 'badge badge-warn' });
  if (event.is_owner) badges.push({ text: EVENT_TEXTS.hosting, className: 'badge badge-muted' });
  else if (event.going_by_me) badges.push({ text: EVENT_TEXTS.going, className: 'badge' });
  if (badges.length === 0) return null;
  return (
    <p className="event-card-badges">
      {badges.map((b) => (
        <span key={b.text} className={b.className}>
          {b.text}
        </span>
      ))}
    </p>
  );
}
