import { SlidersHorizontal } from 'lucide-react';
import { MAP_TEXTS } from '@gardenswap/shared/map-texts';
import { Suspense, lazy, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { Modal } from '../../../components/modal';
import { SearchField } from '../../../components/search-field';
import { Tabs } from '../../../components/tabs';
import { ApiError } from '../../../lib/api-client';
import { allListings, listingsPath, useListings } from '../../../features/listings/api/use-listings';
import { areaText, readArea } from '../../../features/map/map-area';
import { useSite } from '../../../features/site/api/use-site';
import { CategoryButtons } from '../../../features/listings/components/category-buttons';
import { FilterControls } from '../../../features/listings/components/filter-controls';
import { ListingCard } from '../../../features/listings/components/listing-card';
import { ListingGrid } from '../../../features/listings/components/listing-grid';
import { LoadMore } from '../../../features/listings/components/load-more';
import { CATEGORY_OPTIONS } from '../../../features/listings/utils/categories';
import {
  DEFAULT_FILTERS,
  type ListingFilters,
  defaultSort,
  readFilters,
  writeFilters,
} from '../../../features/listings/utils/filters';
import { readMarketplace } from '../../../features/listings/utils/marketplace-filter';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SwapsSection } from '../../../features/swaps/components/swaps-section';
import { InSeasonChips } from '../../../features/season/components/in-season-chips';
import '../../../features/listings/listings.css';

// The map and its library load with the map only: the list's first paint never waits for them.
const ListingsMap = lazy(() =>
  import('../../../features/map/components/listings-map').then((m) => ({ default: m.ListingsMap })),
);
// The seed swaps on the map load with the map too.
const EventMarkers = lazy(() =>
  import('../../../features/events/map/event-markers').then((m) => ({ default: m.EventMarkers })),
);
// The seed swaps near me load after the listings, with their own code: never before the cards.
const EventsStrip = lazy(() => import('../../../features/events/components/events-strip'));

const LOAD_FAILED = 'Failed to fetch listings. Please try again later.';

/**
 * The marketplace: friends' and public listings by category, searched and filtered by the
 * server. Tab, category, search text and filters live in the address, so a reload or a
 * shared link shows the same view.
 */
export default function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const { tab, category, categoryId, filters, search, list } = readMarketplace(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const view = params.get('view') === 'map' ? 'map' : 'list';
  const area = readArea(params.get('box'));
  // The map asks for what the list shows: its call's query string, in the map's own order.
  const mapFilter = (() => {
    if (!list) return null;
    const query = new URLSearchParams(listingsPath(list).split('?')[1] ?? '');
    query.delete('sort');
    return query.toString();
  })();

  const update = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    setParams(next, { replace: true });
  };

  // The box answers every key at once; the address (and so the request) follows once typing pauses.
  const [typed, setTyped] = useState(filters.q);
  const settled = useDebouncedValue(typed);
  const written = useRef(settled);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    setParams(
      (current) => {
        const before = readFilters(current);
        // A sort left at its default follows the search: best match while searching, else newest.
        const sort = before.sort === defaultSort(before.q) ? defaultSort(settled) : before.sort;
        return writeFilters(current, { ...before, q: settled, sort });
      },
      { replace: true },
    );
  }, [settled, setParams]);
  // The address changed the text some other way (clear filters, back): the box follows.
  useEffect(() => {
    if (filters.q.trim() !== written.current.trim()) {
      written.current = filters.q;
      setTyped(filters.q);
    }
  }, [filters.q]);

  const listings = useListings(list ?? {}, { enabled: list !== null && view === 'list', keepPrevious: true });
  // A page of cards renders as a transition, in slices that leave the browser free to paint and respond;
  // until it has, the previous cards (or the spinner) stay.
  const data = useDeferredValue(listings.data);
  const arriving = data === undefined && listings.data !== undefined;
  const shown = search ? allListings(data) : [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listings;
  const q = filters.q.trim();
  const narrowed = Object.keys(search ?? {}).some((key) => key !== 'category_id' && key !== 'sort');
  // The cards (or why there are none) are on screen: the strip below them may load now.
  const cardsShown = list === null || listings.isError || data !== undefined;

  return (
    <div className="marketplace">
      <div className="page-header">
        <h1>Marketplace</h1>
        <button type="button" className="button" onClick={() => setFiltersOpen(true)}>
          <SlidersHorizontal aria-hidden size={18} /> Filters
        </button>
      </div>
      <form role="search" className="market-search" onSubmit={(e) => e.preventDefault()}>
        <SearchField label="Search listings" placeholder="Search listings" value={typed} onChange={setTyped} />
      </form>
      <InSeasonChips
        miles={filters.within ? Number(filters.within) : undefined}
        searchFor={(word, miles) => {
          // The produce, searched within the distance its count comes from, on the tab shown.
          const next = writeFilters(params, {
            ...DEFAULT_FILTERS,
            q: word,
            within: String(miles),
            sort: defaultSort(word),
          });
          next.set('category', 'produce');
          return `/listings?${next.toString()}`;
        }}
      />
      <SwapsSection />
      <Tabs
        label="Whose listings"
        idPrefix="market"
        value={tab}
        onChange={(value) => update({ tab: value })}
        tabs={[
          { value: 'friends', label: "Friend's" },
          { value: 'public', label: 'Public' },
        ]}
      />
      <div id="market-panel" role="tabpanel" aria-labelledby={`market-tab-${tab}`}>
        <CategoryButtons
          value={categoryId}
          onChange={(id) => update({ category: CATEGORY_OPTIONS.find((c) => c.id === id)!.name })}
        />
        <div className="chip-row view-switch" role="group" aria-label={MAP_TEXTS.viewLabel}>
          {(['list', 'map'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className="chip"
              aria-pressed={view === v}
              onClick={() => update({ view: v })}
            >
              {v === 'list' ? MAP_TEXTS.list : MAP_TEXTS.map}
            </button>
          ))}
        </div>
        {view === 'map' ? (
          mapFilter === null ? (
            <EmptyState>
              <p>No {category} listings match these filters.</p>
            </EmptyState>
          ) : (
            <Suspense fallback={<Loading />}>
              <MarketMap filter={mapFilter} area={area} onArea={(a) => update({ box: areaText(a) })} />
            </Suspense>
          )
        ) : (
          <div className="market-results" aria-busy={listings.isFetching || data !== listings.data}>
            {search !== null && (listings.isPending || arriving) ? (
              <Loading />
            ) : listings.isError ? (
              <ErrorBanner
                message={
                  listings.error instanceof ApiError && listings.error.status === 422
                    ? listings.error.detail
                    : LOAD_FAILED
                }
              />
            ) : shown.length > 0 ? (
              <ListingGrid listings={shown} />
            ) : q ? (
              <EmptyState>
                <p>No results for “{q}”</p>
              </EmptyState>
            ) : narrowed || search === null ? (
              <EmptyState>
                <p>No {category} listings match these filters.</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => setParams(writeFilters(params, DEFAULT_FILTERS), { replace: true })}
                >
                  Clear filters
                </button>
              </EmptyState>
            ) : tab === 'friends' ? (
              <EmptyState>
                <p>No {category} listings from your friends at the moment.</p>
                <button type="button" className="button button-primary" onClick={() => update({ tab: 'public' })}>
                  See public listings
                </button>
              </EmptyState>
            ) : (
              <EmptyState>
                <p>No {category} listings available at the moment</p>
              </EmptyState>
            )}
            {shown.length > 0 && (
              <LoadMore
                hasNextPage={hasNextPage}
                isFetchingNextPage={isFetchingNextPage}
                fetchNextPage={fetchNextPage}
              />
            )}
          </div>
        )}
      </div>
      {view === 'list' && cardsShown && (
        <Suspense fallback={null}>
          <EventsStrip />
        </Suspense>
      )}
      {filtersOpen && (
        <FilterModal
          initial={filters}
          seeds={category === 'seeds'}
          onClose={() => setFiltersOpen(false)}
          onSave={(chosen) => {
            setParams(writeFilters(params, chosen), { replace: true });
            setFiltersOpen(false);
          }}
        />
      )}
    </div>
  );
}

/** The map view: the map with the basemap this Gardenswap is set up with, and the marketplace's cards. */
function MarketMap(props: Pick<Parameters<typeof ListingsMap>[0], 'filter' | 'area' | 'onArea'>) {
  const site = useSite();
  return (
    <ListingsMap
      {...props}
      // Until the site's answer is known the map waits; without one it draws its own basemap.
      tiles={site.data ? site.data.map_tiles : site.isError ? null : undefined}
      card={(listing) => <ListingCard listing={listing} />}
      overlay={(map, box) => (
        <Suspense fallback={null}>
          <EventMarkers map={map} box={box} />
        </Suspense>
      )}
    />
  );
}

function FilterModal({
  initial,
  seeds,
  onClose,
  onSave,
}: {
  initial: ListingFilters;
  /** The seeds category is shown: its filters are offered too. */
  seeds: boolean;
  onClose: () => void;
  onSave: (filters: ListingFilters) => void;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <Modal
      title="Filters"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => onSave(draft)}>
            Save
          </button>
        </>
      }
    >
      <FilterControls value={draft} onChange={setDraft} seeds={seeds} />
    </Modal>
  );
}
