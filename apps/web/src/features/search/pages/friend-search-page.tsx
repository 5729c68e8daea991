import { Tabs } from '../../../components/tabs';
import { SearchComingSoon } from '../components/search-coming-soon';
import { SearchControls } from '../components/search-controls';
import { useSearchState } from '../components/use-search-state';
import '../search.css';

const TABS = [
  { value: 'friends', label: "Friend's" },
  { value: 'public', label: 'Public' },
] as const;

/** /friend-search: search friends' listings or public ones. */
export default function FriendSearchPage() {
  const search = useSearchState(['friends', 'public'] as const);
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
        <SearchComingSoon />
      </div>
    </section>
  );
}
