import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { Link } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { type EventsKind, allEvents, useEvents } from '../api/use-events';
import { EventCard } from './event-card';

const LOAD_FAILED = 'Failed to load events. Please try again later.';

/** What an empty list says, and where it leads. */
function Empty({ kind }: { kind: EventsKind }) {
  if (kind === 'near')
    return (
      <EmptyState>
        <p>{EVENT_TEXTS.empty}</p>
        <Link className="button" to="/events/new">
          Host one
        </Link>
      </EmptyState>
    );
  if (kind === 'going')
    return (
      <EmptyState>
        <p>You are not going to any upcoming event.</p>
      </EmptyState>
    );
  return (
    <EmptyState>
      <p>You have not hosted an event yet.</p>
    </EmptyState>
  );
}

/** One tab of the events screen: its cards, page by page, with loading, empty and error states. */
export function EventList({ kind }: { kind: EventsKind }) {
  const events = useEvents(kind);
  const shown = allEvents(events.data);
  if (events.isPending) return <Loading />;
  if (events.isError)
    return (
      <>
        <ErrorBanner
          message={events.error instanceof ApiError && events.error.status === 422 ? events.error.detail : LOAD_FAILED}
        />
        <button type="button" className="button" onClick={() => void events.refetch()}>
          Try again
        </button>
      </>
    );
  if (kind === 'near' && events.data.pages[0]?.located === false)
    return (
      <EmptyState>
        <p>
          <Link to="/personal-info">{EVENT_TEXTS.locationNeeded}</Link>
        </p>
      </EmptyState>
    );
  if (shown.length === 0) return <Empty kind={kind} />;
  return (
    <div aria-busy={events.isFetching}>
      <ul className="event-list">
        {shown.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
      {events.hasNextPage && (
        <div className="events-more">
          {events.isFetchingNextPage ? (
            <Loading label="Loading more..." />
          ) : (
            <button type="button" className="button" onClick={() => void events.fetchNextPage()}>
              Load more
            </button>
          )}
        </div>
      )}
    </div>
  );
}
