import type { Gardener } from '@gardenswap/shared/safety';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { SearchField } from '../../../components/search-field';
import { locationLabel } from '../../../lib/format';
import { useGardenerSearch, useNearbyGardeners } from '../api/use-gardeners';
import { FriendCard } from './friend-card';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

const noteOf = (gardener: Gardener) =>
  gardener.distance_miles !== null ? `${gardener.distance_miles} mi away` : locationLabel(gardener);

function GardenerList({ gardeners, label }: { gardeners: Gardener[]; label: string }) {
  return (
    <ul className="friends-grid" aria-label={label}>
      {gardeners.map((g) => (
        <FriendCard key={g.id} userId={g.id} username={g.username} picture={g.profile_picture} note={noteOf(g)} />
      ))}
    </ul>
  );
}

/** "Find gardeners": a username search and the members nearest to me, each opening their profile. */
export function FindGardeners() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useGardenerSearch(query);
  const nearby = useNearbyGardeners();

  return (
    <section className="find-gardeners" aria-labelledby="find-gardeners-title">
      <h2 id="find-gardeners-title">Find gardeners</h2>
      <SearchField label="Find gardeners by username" value={text} onChange={setText} />
      {query && (
        <div className="find-gardeners-results" aria-live="polite">
          {search.isPending ? (
            <Loading />
          ) : search.isError ? (
            <ErrorBanner message="Failed to search members. Please try again." />
          ) : search.data.length === 0 ? (
            <EmptyState>No gardeners match “{query}”.</EmptyState>
          ) : (
            <GardenerList gardeners={search.data} label="Gardeners found" />
          )}
        </div>
      )}

      <h3 id="nearby-title">Gardeners near you</h3>
      {nearby.isPending ? (
        <Loading />
      ) : nearby.isError ? (
        <div>
          <ErrorBanner message="Failed to load gardeners near you" />
          <button type="button" className="button" onClick={() => void nearby.refetch()}>
            Try again
          </button>
        </div>
      ) : nearby.data.length === 0 ? (
        <EmptyState>
          <p>No gardeners near you yet.</p>
          <p>
            <Link to="/profile">Add your ZIP code</Link> to see members nearby.
          </p>
        </EmptyState>
      ) : (
        <GardenerList gardeners={nearby.data} label="Gardeners near you" />
      )}
    </section>
  );
}
