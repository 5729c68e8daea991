import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';

/** Where a missing (or hidden) event leads: say so and offer the events near me. */
export function EventNotFound() {
  return (
    <div className="centered-page">
      <SearchX aria-hidden size={56} color="var(--green-700)" />
      <h1>{EVENT_TEXTS.notFound}</h1>
      <p className="muted">This event was removed, or it is not shown to you.</p>
      <Link className="button button-primary" to="/events">
        See events near you
      </Link>
    </div>
  );
}
