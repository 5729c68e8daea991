import type { Pollination } from '@gardenswap/shared/constants';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { SelectField, TextField } from '../../../components/field';
import {
  DISTANCES,
  type ListingFilters,
  PACKED_WITHIN,
  SHOW_TYPES,
  SORT_LABELS,
  type ShowType,
  digitsOnly,
  sortsFor,
} from '../utils/filters';
import { POLLINATION_OPTIONS } from '../utils/seed-lot';

/**
 * The controls of the filter modal and of /filter-page: sort, which kinds to show, price range,
 * distance, and while filtering seeds (`seeds`) a seed lot's pollination, organic, mail and year packed.
 */
export function FilterControls({
  value,
  onChange,
  seeds = false,
}: {
  value: ListingFilters;
  onChange: (value: ListingFilters) => void;
  seeds?: boolean;
}) {
  const toggleType = (type: ShowType) =>
    onChange({
      ...value,
      types: value.types.includes(type) ? value.types.filter((t) => t !== type) : [...value.types, type],
    });
  const togglePollination = (pollination: Pollination) =>
    onChange({
      ...value,
      pollination: value.pollination.includes(pollination)
        ? value.pollination.filter((p) => p !== pollination)
        : [...value.pollination, pollination],
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
      {seeds && (
        <>
          <fieldset className="filter-group">
            <legend className="field-label">{SEED_TEXTS.pollination}</legend>
            <div className="chip-row">
              {POLLINATION_OPTIONS.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  className="chip seed-chip"
                  aria-pressed={value.pollination.includes(p.id)}
                  onClick={() => togglePollination(p.id)}
                >
                  {p.label}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset className="filter-group">
            <legend className="field-label">{SEED_TEXTS.filterTitle}</legend>
            <div className="chip-row">
              <button
                type="button"
                className="chip seed-chip"
                aria-pressed={value.organic}
                onClick={() => onChange({ ...value, organic: !value.organic })}
              >
                {SEED_TEXTS.filterOrganic}
              </button>
              <button
                type="button"
                className="chip seed-chip"
                aria-pressed={value.canMail}
                onClick={() => onChange({ ...value, canMail: !value.canMail })}
              >
                {SEED_TEXTS.filterCanMail}
              </button>
            </div>
          </fieldset>
          <SelectField
            label={SEED_TEXTS.filterPacked}
            value={value.packed}
            onChange={(e) => onChange({ ...value, packed: e.currentTarget.value })}
          >
            <option value="">{SEED_TEXTS.filterPackedAny}</option>
            {PACKED_WITHIN.map((years) => (
              <option key={years} value={years}>
                {SEED_TEXTS.filterPackedWithin(Number(years))}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </div>
  );
}
