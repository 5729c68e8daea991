import { DISTANCE_CHOICES, LISTING_TYPES } from '@gardenswap/shared/constants';
import type { ListingsSearch } from '../../../lib/query-keys';

/** Sort orders of the filter modal and page: the spec's four, nearest, and best match while searching. */
export const SORTS = ['newest', 'oldest', 'highest', 'lowest', 'nearest', 'relevance'] as const;
export type Sort = (typeof SORTS)[number];

/** How a sort chip reads. */
export const SORT_LABELS: Record<Sort, string> = {
  newest: 'newest',
  oldest: 'oldest',
  highest: 'highest',
  lowest: 'lowest',
  nearest: 'nearest',
  relevance: 'best match',
};

/** The "show" chips: which kinds of listing to include. */
export const SHOW_TYPES = ['exchange', 'sell', 'giveaway'] as const;
export type ShowType = (typeof SHOW_TYPES)[number];

/** "Within N miles": '' is any distance. */
export const DISTANCES = DISTANCE_CHOICES.map(String);

export interface ListingFilters {
  sort: Sort;
  types: ShowType[];
  /** Digits only; the spec's defaults are 0 and 100, and 100 in max means "no upper bound". */
  min: string;
  max: string;
  /** Miles from my postcode, '' for any distance. */
  within: string;
  /** Words of title and description. */
  q: string;
}

export const DEFAULT_FILTERS: ListingFilters = {
  sort: 'newest',
  types: [...SHOW_TYPES],
  min: '0',
  max: '100',
  within: '',
  q: '',
};

/** Best match while searching, else newest: what the server does when no sort is given. */
export const defaultSort = (q: string): Sort => (q.trim() ? 'relevance' : 'newest');

/** The sorts a member can pick: best match only makes sense for a search. */
export const sortsFor = (q: string): Sort[] => SORTS.filter((s) => s !== 'relevance' || q.trim() !== '');

/** Price inputs keep digits only (spec §5), without the leading zeros typing after the default 0 leaves. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');

/** Reads the filters from an address's query (?q=&sort=&types=&min=&max=&within=), falling back to the defaults. */
export function readFilters(params: URLSearchParams): ListingFilters {
  const q = params.get('q') ?? '';
  const sort = params.get('sort');
  const types = params.get('types');
  const min = digitsOnly(params.get('min') ?? '');
  const max = digitsOnly(params.get('max') ?? '');
  const within = params.get('within') ?? '';
  return {
    sort: sortsFor(q).includes(sort as Sort) ? (sort as Sort) : defaultSort(q),
    types: types === null ? [...DEFAULT_FILTERS.types] : SHOW_TYPES.filter((t) => types.split(',').includes(t)),
    min: min || DEFAULT_FILTERS.min,
    max: max || DEFAULT_FILTERS.max,
    within: DISTANCES.includes(within) ? within : '',
    q,
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
  set('q', filters.q.trim(), '');
  set('sort', filters.sort, defaultSort(filters.q));
  const types = SHOW_TYPES.filter((t) => filters.types.includes(t)).join(',');
  set('types', types, DEFAULT_FILTERS.types.join(','));
  set('min', filters.min || DEFAULT_FILTERS.min, DEFAULT_FILTERS.min);
  set('max', filters.max || DEFAULT_FILTERS.max, DEFAULT_FILTERS.max);
  set('within', filters.within, '');
  return next;
}

const TYPE_IDS: Record<ShowType, number> = {
  sell: LISTING_TYPES.sell,
  exchange: LISTING_TYPES.exchange,
  giveaway: LISTING_TYPES.giveaway,
};

/**
 * The filters as the API's query: every kind shown means no type filter, min 0 no lower
 * bound, max 100 (the spec's default) no upper bound. Null when no kind is shown at all:
 * nothing can match, so nothing is asked.
 */
export function searchOf(filters: ListingFilters, categoryId?: number): ListingsSearch | null {
  if (filters.types.length === 0) return null;
  const search: ListingsSearch = {};
  const q = filters.q.trim();
  if (q) search.q = q;
  if (filters.types.length < SHOW_TYPES.length) {
    search.type_id = SHOW_TYPES.filter((t) => filters.types.includes(t)).map((t) => TYPE_IDS[t]);
  }
  if (categoryId !== undefined) search.category_id = categoryId;
  const min = Number(filters.min || '0');
  const max = Number(filters.max || DEFAULT_FILTERS.max);
  if (min > 0) search.min_price = min;
  if (filters.max !== DEFAULT_FILTERS.max) search.max_price = max;
  if (filters.within) search.within_miles = Number(filters.within);
  if (filters.sort !== defaultSort(q)) search.sort = filters.sort;
  return search;
}
