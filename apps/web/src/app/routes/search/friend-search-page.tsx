import { CATEGORIES } from '@gardenswap/shared/constants';
import { Link } from 'react-router';
import { Tabs } from '../../../components/tabs';
import { allListings, useListings } from '../../../features/listings/api/use-listings';
import { SearchControls } from '../../../features/search/components/search-controls';
import { ListingResult, SearchResults } from '../../../features/search/components/search-results';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../features/search/components/use-search-state';
import '../../../features/search/search.css';

const TABS = [
  { value: 'friends', label: "Friend's" },
  { value: 'public', label: 'Public' },
] as const;

/** /friend-search: searches friends' listings or public ones, by text and category, as I type. */
export default function FriendSearchPage() {
  const search = useSearchState(['friends', 'public'] as const);
  const q = useDebouncedValue(search.q.trim());
  const listings = useListings(
    {
      ...(search.tab === 'friends' ? { friends: true } : { public: true }),
      category_id: CATEGORIES[search.category],
      ...(q ? { q } : {}),
    },
    { keepPrevious: true },
  );
  return (
    <section className="search-page">
      <h1>Search</h1>
      <Tabs
        label="Friend's or Public"
        tabs={[...TABS]}
        value={search.tab}
        onChange={search.setTab}
        idPrefix="friend-search"
      />
      <div role="tabpanel" id="friend-search-panel" aria-labelledby={`friend-search-tab-${search.tab}`}>
        <SearchControls
          q={search.q}
          onQChange={search.setQ}
          category={search.category}
          onCategoryChange={search.setCategory}
          placeholder={search.tab === 'friends' ? "Search your friends' listings" : 'Search public listings'}
        />
        <SearchResults
          items={allListings(listings.data)}
          pending={listings.isPending}
          error={listings.isError}
          q={q}
          empty={
            <p>
              No {search.category} listings {search.tab === 'friends' ? 'from your friends ' : ''}at the moment.{' '}
              <Link to="/listings">Browse the marketplace</Link>
            </p>
          }
          render={(listing) => <ListingResult listing={listing} />}
          more={
            listings.hasNextPage && (
              <button
                type="button"
                className="button button-block"
                disabled={listings.isFetchingNextPage}
                onClick={() => void listings.fetchNextPage()}
              >
                {listings.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </button>
            )
          }
        />
      </div>
    </section>
  );
}
