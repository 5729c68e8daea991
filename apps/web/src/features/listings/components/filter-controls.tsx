import { SelectField, TextField } from '../../../components/field';
import {
  DISTANCES,
  type ListingFilters,
  SHOW_TYPES,
  SORT_LABELS,
  type ShowType,
  digitsOnly,
  sortsFor,
} from '../utils/filters';

/** The controls of the filter modal and of /filter-page: sort, which kinds to show, price range, distance. */
export function FilterControls({
  value,
  onChange,
}: {
  value: ListingFilters;
  onChange: (value: ListingFilters) => void;
}) {
  const toggleType = (type: ShowType) =>
    onChange({
      ...value,
      types: value.types.includes(type) ? value.types.filter((t) => t !== type) : [...value.types, type],
    });
  return (
    <div className="filter-controls">
      <fieldset className="filter-group">
        <legend className="field-label">Sort</legend>
        <div className="chip-row">
          {sortsFor(value.q).map((sort) => (
            <button
              key={sort}
              type="button"
              className="chip"
              aria-pressed={value.sort === sort}
              onClick={() => onChange({ ...value, sort })}
            >
              {SORT_LABELS[sort]}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend className="field-label">Show</legend>
        <div className="chip-row">
          {SHOW_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="chip"
              aria-pressed={value.types.includes(type)}
              onClick={() => toggleType(type)}
            >
              {type}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend className="field-label">Price ($)</legend>
        <div className="filter-prices">
          <TextField
            label="Min"
            inputMode="numeric"
            autoComplete="off"
            value={value.min}
            onChange={(e) => onChange({ ...value, min: digitsOnly(e.currentTarget.value) })}
          />
          <span aria-hidden className="filter-dash">
            –
          </span>
          <TextField
            label="Max"
            inputMode="numeric"
            autoComplete="off"
            value={value.max}
            onChange={(e) => onChange({ ...value, max: digitsOnly(e.currentTarget.value) })}
          />
        </div>
      </fieldset>
      <SelectField
        label="Distance"
        value={value.within}
        onChange={(e) => onChange({ ...value, within: e.currentTarget.value })}
        hint="From the ZIP code of your location"
      >
        <option value="">Any distance</option>
        {DISTANCES.map((miles) => (
          <option key={miles} value={miles}>
            Within {miles} {miles === '1' ? 'mile' : 'miles'}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
