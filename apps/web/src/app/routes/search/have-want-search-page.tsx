import { CATEGORIES } from '@gardenswap/shared/constants';
import { Link } from 'react-router';
import { Tabs } from '../../../components/tabs';
import { allListings, useListings } from '../../../features/listings/api/use-listings';
import { useWants } from '../../../features/wants/api/use-wants';
import { SearchControls } from '../../../features/search/components/search-controls';
import { ListingResult, SearchResults, WantResult } from '../../../features/search/components/search-results';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../features/search/components/use-search-state';
import '../../../features/search/search.css';

const TABS = [
  { value: 'have', label: 'Have' },
  { value: 'want', label: 'Want' },
] as const;

/**
 * /have-want-search: searches my Have list (the server's full-text search over my listings)
 * and my Want list (by title, here: it is short) as I type.
 */
export default function HaveWantSearchPage() {
  const search = useSearchState(['have', 'want'] as const);
  const q = useDebouncedValue(search.q.trim());
  const categoryId = CATEGORIES[search.category];
  const haves = useListings(
    { mine: true, category_id: categoryId, ...(q ? { q } : {}) },
    { enabled: search.tab === 'have', keepPrevious: true },
  );
  const wants = useWants();
  const words = q.toLowerCase();
  const foundWants = (wants.data ?? []).filter(
    (w) => w.category_id === categoryId && (!words || w.title.toLowerCase().includes(words)),
  );
  const myLists = (
    <p>
      Nothing in {search.category} yet.{' '}
      <Link to={search.tab === 'want' ? '/my-listings?tab=want' : '/my-listings'}>Go to my lists</Link>
    </p>
  );

  return (
    <section className="search-page">
      <h1>Search</h1>
      <Tabs label="Have or Want" tabs={[...TABS]} value={search.tab} onChange={search.setTab} idPrefix="have-want" />
      <div role="tabpanel" id="have-want-panel" aria-labelledby={`have-want-tab-${search.tab}`}>
        <SearchControls
          q={search.q}
          onQChange={search.setQ}
          category={search.category}
          onCategoryChange={search.setCategory}
          placeholder={search.tab === 'have' ? 'Search what I have' : 'Search what I want'}
        />
        {search.tab === 'have' ? (
          <SearchResults
            items={allListings(haves.data)}
            pending={haves.isPending}
            error={haves.isError}
            q={q}
            empty={myLists}
            render={(listing) => <ListingResult listing={listing} showOwner={false} />}
            more={
              haves.hasNextPage && (
                <button
                  type="button"
                  className="button button-block"
                  disabled={haves.isFetchingNextPage}
                  onClick={() => void haves.fetchNextPage()}
                >
                  {haves.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </button>
              )
            }
          />
        ) : (
          <SearchResults
            items={foundWants}
            pending={wants.isPending}
            error={wants.isError}
            q={q}
            empty={myLists}
            render={(want) => <WantResult want={want} />}
          />
        )}
      </div>
    </section>
  );
}
