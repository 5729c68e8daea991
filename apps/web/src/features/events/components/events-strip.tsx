import { Link } from 'react-router';
import { useEvents } from '../api/use-events';
import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { EventCard } from './event-card';

/** How many of the next events near me the marketplace shows. */
const SHOWN = 3;

/**
 * The marketplace's "Seed swaps near you": the next few events near me and the way to all of
 * them. Loaded apart from the marketplace (it brings no schema); nothing shows while it loads,
 * fails, or has no event to show.
 */
export default function EventsStrip() {
  const events = useEvents('near', { limit: SHOWN });
  const shown = events.data?.pages[0]?.events.slice(0, SHOWN) ?? [];
  if (shown.length === 0) return null;
  return (
    <section className="card events-strip" aria-labelledby="events-strip-title">
      <div className="spread">
        <h2 id="events-strip-title">{EVENT_TEXTS.nearYou}</h2>
        <Link to="/events">
          {EVENT_TEXTS.seeAll} <span className="visually-hidden">seed swaps</span>
        </Link>
      </div>
      <ul className="event-list">
        {shown.map((event) => (
          <li key={event.id}>
            <EventCard event={event} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
