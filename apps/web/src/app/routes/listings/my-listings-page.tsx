import type { Listing } from '@gardenswap/shared/listings';
import { Plus, Sprout, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { Tabs } from '../../../components/tabs';
import { imageUrl } from '../../../lib/api-client';
import { priceLabel } from '../../../lib/format';
import { useDeleteWant } from '../../../features/wants/api/use-delete-want';
import { useWants } from '../../../features/wants/api/use-wants';
import { useInSeason } from '../../../features/season/api/use-in-season';
import { WantInSeason } from '../../../features/season/components/want-in-season';
import { allListings, useListings } from '../../../features/listings/api/use-listings';
import { useListingVisibility } from '../../../features/listings/api/use-listing-visibility';
import { ListingBadges } from '../../../features/listings/components/listing-badges';
import { LoadMore } from '../../../features/listings/components/load-more';
import { groupByCategory } from '../../../features/listings/utils/categories';
import '../../../features/listings/listings.css';
import { WaitingListings } from './waiting-listings';

type Tab = 'have' | 'want';

const LOAD_ERROR = 'Failed to fetch listings. Please try again later.';

/** The signed-in landing: what I have and what I want, grouped by category. */
export default function MyListingsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'want' ? 'want' : 'have';
  const setTab = (next: Tab) => setParams(next === 'want' ? { tab: 'want' } : {}, { replace: true });
  return (
    <div className="my-listings">
      <div className="page-header">
        <h1>My lists</h1>
        <Link className="button button-primary" to={tab === 'have' ? '/listings/new' : '/post-want'}>
          <Plus aria-hidden size={18} />
          {tab === 'have' ? 'Add a listing' : 'Edit want list'}
        </Link>
      </div>
      <Tabs
        label="My lists"
        idPrefix="my-lists"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'have', label: 'Have' },
          { value: 'want', label: 'Want' },
        ]}
      />
      <div id="my-lists-panel" role="tabpanel" aria-labelledby={`my-lists-tab-${tab}`}>
        {tab === 'have' ? (
          <>
            <WaitingListings />
            <HaveList />
          </>
        ) : (
          <WantList />
        )}
      </div>
    </div>
  );
}

function HaveList() {
  const listings = useListings({ mine: true });
  const visibility = useListingVisibility();
  const [error, setError] = useState<string>();

  if (listings.isPending) return <Loading />;
  if (listings.isError) return <ErrorBanner message={LOAD_ERROR} />;
  const items = allListings(listings.data);
  if (items.length === 0) {
    return (
      <EmptyState>
        <p>You have not listed anything yet.</p>
        <Link className="button button-primary" to="/listings/new">
          Post your first listing
        </Link>
      </EmptyState>
    );
  }
  const toggle = (listing: Listing) => {
    setError(undefined);
    visibility.mutate(
      { id: listing.id, is_public: !listing.is_public },
      { onError: () => setError(`Could not change who sees "${listing.title}". Please try again.`) },
    );
  };
  return (
    <>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      {groupByCategory(items).map((group) => (
        <section key={group.name} className="section" aria-labelledby={`have-${group.name}`}>
          <h2 id={`have-${group.name}`} className="category-heading">
            {group.name}
          </h2>
          <ul className="list list-wide">
            {group.items.map((listing) => (
              <HaveRow key={listing.id} listing={listing} onToggle={() => toggle(listing)} />
            ))}
          </ul>
        </section>
      ))}
      <LoadMore
        hasNextPage={listings.hasNextPage}
        isFetchingNextPage={listings.isFetchingNextPage}
        fetchNextPage={listings.fetchNextPage}
      />
    </>
  );
}

function HaveRow({ listing, onToggle }: { listing: Listing; onToggle: () => void }) {
  const src = imageUrl(listing.thumbnail ?? listing.featured_image);
  return (
    <li className="card listing-row">
      <Link to={`/listings/${listing.id}`} className="listing-row-link">
        <span className="listing-row-thumb">
          {src ? <img src={src} alt="" loading="lazy" /> : <Sprout aria-hidden size={28} />}
        </span>
        <span className="listing-row-text">
          <span className="listing-row-title">{listing.title}</span>
          <span className="muted">{priceLabel(listing)}</span>
          <ListingBadges listing={listing} />
        </span>
      </Link>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={listing.is_public}
        aria-label={`Public: ${listing.title}`}
        onClick={onToggle}
      >
        <span className="switch-track" aria-hidden>
          <span className="switch-thumb" />
        </span>
        <span className="switch-text" aria-hidden>
          Public
        </span>
      </button>
    </li>
  );
}

function WantList() {
  const wants = useWants();
  const season = useInSeason();
  const remove = useDeleteWant();
  const [error, setError] = useState<string>();

  if (wants.isPending) return <Loading />;
  if (wants.isError) return <ErrorBanner message={LOAD_ERROR} />;
  if (wants.data.length === 0) {
    return (
      <EmptyState>
        <p>Your wish list is empty.</p>
        <Link className="button button-primary" to="/post-want">
          Add what you are looking for
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      {groupByCategory(wants.data).map((group) => (
        <section key={group.name} className="section" aria-labelledby={`want-${group.name}`}>
          <h2 id={`want-${group.name}`} className="category-heading">
            {group.name}
          </h2>
          <ul className="list list-wide">
            {group.items.map((want) => (
              <li key={want.id} className="card want-row">
                <div>
                  <span>{want.title}</span>
                  <WantInSeason want={want} season={season.data} />
                </div>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete ${want.title}`}
                  disabled={remove.isPending && remove.variables === want.id}
                  onClick={() => {
                    setError(undefined);
                    remove.mutate(want.id, {
                      onError: () => setError(`Could not delete "${want.title}". Please try again.`),
                    });
                  }}
                >
                  <Trash2 aria-hidden size={20} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
