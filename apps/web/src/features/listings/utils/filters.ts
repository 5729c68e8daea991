import {
  CATEGORIES,
  DISTANCE_CHOICES,
  LISTING_TYPES,
  PACKED_WITHIN_CHOICES,
  POLLINATIONS,
  type Pollination,
} from '@gardenswap/shared/constants';
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

/** "Packed in the last N years" of seed lots: '' is any year. */
export const PACKED_WITHIN = PACKED_WITHIN_CHOICES.map(String);

export interface ListingFilters {
  sort: Sort;
  types: ShowType[];
  /** Digits only; the spec's defaults are 0 and 100, and 100 in max means "no upper bound". */
  min: string;
  max: string;
  /** Miles from my postcode, '' for any distance. */
  within: string;
  /** Words of title, description and a seed lot's variety. */
  q: string;
  /** Seed lots only (asked for while the seeds category is shown): any of these pollinations, none is any. */
  pollination: Pollination[];
  organic: boolean;
  canMail: boolean;
  /** Packed in the last N years, '' for any year. */
  packed: string;
}

export const DEFAULT_FILTERS: ListingFilters = {
  sort: 'newest',
  types: [...SHOW_TYPES],
  min: '0',
  max: '100',
  within: '',
  q: '',
  pollination: [],
  organic: false,
  canMail: false,
  packed: '',
};

/** Best match while searching, else newest: what the server does when no sort is given. */
export const defaultSort = (q: string): Sort => (q.trim() ? 'relevance' : 'newest');

/** The sorts a member can pick: best match only makes sense for a search. */
export const sortsFor = (q: string): Sort[] => SORTS.filter((s) => s !== 'relevance' || q.trim() !== '');

/** Price inputs keep digits only (spec §5), without the leading zeros typing after the default 0 leaves. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');

/**
 * Reads the filters from an address's query (?q=&sort=&types=&min=&max=&within=, and for seed
 * lots &pollination=&organic=1&mail=1&packed=), falling back to the defaults.
 */
export function readFilters(params: URLSearchParams): ListingFilters {
  const q = params.get('q') ?? '';
  const sort = params.get('sort');
  const types = params.get('types');
  const min = digitsOnly(params.get('min') ?? '');
  const max = digitsOnly(params.get('max') ?? '');
  const within = params.get('within') ?? '';
  const pollination = (params.get('pollination') ?? '').split(',');
  const packed = params.get('packed') ?? '';
  return {
    sort: sortsFor(q).includes(sort as Sort) ? (sort as Sort) : defaultSort(q),
    types: types === null ? [...DEFAULT_FILTERS.types] : SHOW_TYPES.filter((t) => types.split(',').includes(t)),
    min: min || DEFAULT_FILTERS.min,
    max: max || DEFAULT_FILTERS.max,
    within: DISTANCES.includes(within) ? within : '',
    q,
    pollination: POLLINATIONS.filter((p) => pollination.includes(p)),
    organic: params.get('organic') === '1',
    canMail: params.get('mail') === '1',
    packed: PACKED_WITHIN.includes(packed) ? packed : '',
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
  set('pollination', POLLINATIONS.filter((p) => filters.pollination.includes(p)).join(','), '');
  set('organic', filters.organic ? '1' : '', '');
  set('mail', filters.canMail ? '1' : '', '');
  set('packed', filters.packed, '');
  return next;
}

const TYPE_IDS: Record<ShowType, number> = {
  sell: LISTING_TYPES.sell,
  exchange: LISTING_TYPES.exchange,
  giveaway: LISTING_TYPES.giveaway,
};

/**
 * The filters as the API's query: every kind shown means no type filter, min 0 no lower
 * bound, max 100 (the spec's default) no upper bound, and a seed lot's filters only while the
 * seeds category is shown (another category's listings have no such details). Null when no kind
 * is shown at all: nothing can match, so nothing is asked.
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
  if (categoryId === CATEGORIES.seeds) {
    if (filters.pollination.length > 0)
      search.pollination = POLLINATIONS.filter((p) => filters.pollination.includes(p));
    if (filters.organic) search.organic = true;
    if (filters.canMail) search.can_mail = true;
    if (filters.packed) search.packed_within_years = Number(filters.packed);
  }
  if (filters.sort !== defaultSort(q)) search.sort = filters.sort;
  return search;
}
