import { Search } from 'lucide-react';
import { useId } from 'react';
import { SEARCH_CATEGORIES, type SearchCategory } from './use-search-state';

interface SearchControlsProps {
  q: string;
  onQChange: (q: string) => void;
  category: SearchCategory;
  onCategoryChange: (category: SearchCategory) => void;
  placeholder: string;
}

/** The text search box and the produce / seeds / plants chips of both search screens. */
export function SearchControls({ q, onQChange, category, onCategoryChange, placeholder }: SearchControlsProps) {
  const id = useId();
  return (
    <div className="search-controls">
      <form role="search" className="search-box" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={id} className="visually-hidden">
          Search
        </label>
        <Search aria-hidden size={18} className="search-box-icon" />
        <input
          id={id}
          className="input"
          type="search"
          placeholder={placeholder}
          value={q}
          onChange={(e) => onQChange(e.target.value)}
        />
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
