import { Search } from 'lucide-react';
import { useId } from 'react';

interface SearchFieldProps {
  /** The accessible name of the box. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}

/** A search box with its magnifier, filtering as the member types. */
export function SearchField({ label, value, onChange, placeholder, className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={`search-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search aria-hidden size={18} className="search-field-icon" />
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder ?? label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
