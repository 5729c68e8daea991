/** Sort orders of the filter modal and page, as the spec names them. */
export const SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type Sort = (typeof SORTS)[number];

/** The "show" chips: which kinds of listing to include. */
export const SHOW_TYPES = ['exchange', 'sell', 'giveaway'] as const;
export type ShowType = (typeof SHOW_TYPES)[number];

export interface ListingFilters {
  sort: Sort;
  types: ShowType[];
  /** Digits only; the spec's defaults are 0 and 100. */
  min: string;
  max: string;
}

export const DEFAULT_FILTERS: ListingFilters = { sort: 'newest', types: [...SHOW_TYPES], min: '0', max: '100' };

/** Shown beside the controls until the search work applies them: nothing pretends to filter. */
export const FILTERS_NOT_APPLIED = 'Sorting and filters are saved but not applied yet: every listing is shown.';

/** Price inputs keep digits only (spec §5), without the leading zeros typing after the default 0 leaves. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');

/** Reads the filters from an address's query (?sort=&types=&min=&max=), falling back to the defaults. */
export function readFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort');
  const types = params.get('types');
  const min = digitsOnly(params.get('min') ?? '');
  const max = digitsOnly(params.get('max') ?? '');
  return {
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : DEFAULT_FILTERS.sort,
    types: types === null ? [...DEFAULT_FILTERS.types] : SHOW_TYPES.filter((t) => types.split(',').includes(t)),
    min: min || DEFAULT_FILTERS.min,
    max: max || DEFAULT_FILTERS.max,
  };
}

/**
 * Writes the filters into `params`, leaving a default out so plain addresses stay plain;
 * every other parameter (tab, category) is kept.
 */
export function writeFilters(params: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? next.delete(key) : next.set(key, value);
  set('sort', filters.sort, DEFAULT_FILTERS.sort);
  const types = SHOW_TYPES.filter((t) => filters.types.includes(t)).join(',');
  set('types', types, DEFAULT_FILTERS.types.join(','));
  set('min', filters.min || DEFAULT_FILTERS.min, DEFAULT_FILTERS.min);
  set('max', filters.max || DEFAULT_FILTERS.max, DEFAULT_FILTERS.max);
  return next;
}
