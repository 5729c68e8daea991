import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { Modal } from '../../../components/modal';
import { Tabs } from '../../../components/tabs';
import { allListings, useListings } from '../api/use-listings';
import { CategoryButtons } from '../components/category-buttons';
import { FilterControls } from '../components/filter-controls';
import { ListingCard } from '../components/listing-card';
import { LoadMore } from '../components/load-more';
import { CATEGORY_OPTIONS, type CategoryName, isCategoryName } from '../utils/categories';
import { FILTERS_NOT_APPLIED, type ListingFilters, readFilters, writeFilters } from '../utils/filters';
import '../listings.css';

type Tab = 'friends' | 'public';

/** Keep loading pages until a category shows about this many cards (it is filtered here, not by the server). */
const ENOUGH_TO_SHOW = 12;

/** The marketplace: friends' and public listings by category. Tab, category and filters live in the address. */
export default function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'public' ? 'public' : 'friends';
  const rawCategory = params.get('category');
  const category: CategoryName = isCategoryName(rawCategory) ? rawCategory : 'produce';
  const categoryId = CATEGORY_OPTIONS.find((c) => c.name === category)!.id;
  const [filtersOpen, setFiltersOpen] = useState(false);

  const update = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    setParams(next, { replace: true });
  };

  const listings = useListings(tab === 'friends' ? { friends: true } : { public: true });
  const shown = allListings(listings.data).filter((l) => l.category_id === categoryId);
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = listings;

  // A page may hold nothing of this category: keep reading until the screen has enough or the list ends.
  useEffect(() => {
    if (hasNextPage && !isFetching && shown.length < ENOUGH_TO_SHOW) void fetchNextPage();
  }, [hasNextPage, isFetching, shown.length, fetchNextPage]);

  return (
    <div className="marketplace">
      <div className="page-header">
        <h1>Marketplace</h1>
        <button type="button" className="button" onClick={() => setFiltersOpen(true)}>
          <SlidersHorizontal aria-hidden size={18} /> Filters
        </button>
      </div>
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
        <div className="market-results">
          {listings.isPending ? (
            <Loading />
          ) : listings.isError ? (
            <ErrorBanner message="Failed to fetch listings. Please try again later." />
          ) : shown.length > 0 ? (
            <div className="grid listing-grid">
              {shown.map((listing) => (
                <ListingCard key={listing.id} listing={listing} />
              ))}
            </div>
          ) : hasNextPage ? (
            <Loading />
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
            <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
          )}
        </div>
      </div>
      {filtersOpen && (
        <FilterModal
          initial={readFilters(params)}
          onClose={() => setFiltersOpen(false)}
          onSave={(filters) => {
            setParams(writeFilters(params, filters), { replace: true });
            setFiltersOpen(false);
          }}
        />
      )}
    </div>
  );
}

function FilterModal({
  initial,
  onClose,
  onSave,
}: {
  initial: ListingFilters;
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
      <FilterControls value={draft} onChange={setDraft} />
      <p className="field-hint filter-note">{FILTERS_NOT_APPLIED}</p>
    </Modal>
  );
}
