import { SEARCH_CATEGORIES, type SearchCategory } from './use-search-state';
import { SearchField } from '../../../components/search-field';

interface SearchControlsProps {
  q: string;
  onQChange: (q: string) => void;
  category: SearchCategory;
  onCategoryChange: (category: SearchCategory) => void;
  placeholder: string;
}

/** The text search box and the produce / seeds / plants chips of both search screens. */
export function SearchControls({ q, onQChange, category, onCategoryChange, placeholder }: SearchControlsProps) {
  return (
    <div className="search-controls">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField label="Search" placeholder={placeholder} value={q} onChange={onQChange} />
      </form>
      <div className="chip-row" role="group" aria-label="Category">
        {SEARCH_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            className="chip"
            aria-pressed={c === category}
            onClick={() => onCategoryChange(c)}
          >
            {c}
          </button>
        ))}
      </div>
    </div>
  );
}
