import { Link } from 'react-router';
import { Tabs } from '../../../components/tabs';
import { SearchComingSoon } from '../components/search-coming-soon';
import { SearchControls } from '../components/search-controls';
import { useSearchState } from '../components/use-search-state';
import '../search.css';

const TABS = [
  { value: 'have', label: 'Have' },
  { value: 'want', label: 'Want' },
] as const;

/** /have-want-search: search what gardeners have, or what they want. */
export default function HaveWantSearchPage() {
  const search = useSearchState(['have', 'want'] as const);
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
          placeholder={search.tab === 'have' ? 'Search what gardeners have' : 'Search what gardeners want'}
        />
        <SearchComingSoon>
          <p>
            <Link to={search.tab === 'want' ? '/my-listings?tab=want' : '/my-listings'}>Go to my lists</Link>
          </p>
        </SearchComingSoon>
      </div>
    </section>
  );
}
