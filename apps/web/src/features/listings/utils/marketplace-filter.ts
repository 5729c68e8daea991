import type { ListingsFilter } from '../../../lib/query-keys';
import { CATEGORY_OPTIONS, type CategoryName, isCategoryName } from './categories';
import { type ListingFilters, readFilters, searchOf } from './filters';

export type MarketplaceTab = 'friends' | 'public';

/** What the marketplace's address (?tab=&category= and the filters) shows. */
export function readMarketplace(params: URLSearchParams) {
  const tab: MarketplaceTab = params.get('tab') === 'public' ? 'public' : 'friends';
  const rawCategory = params.get('category');
  const category: CategoryName = isCategoryName(rawCategory) ? rawCategory : 'produce';
  const categoryId = CATEGORY_OPTIONS.find((c) => c.name === category)!.id;
  const filters: ListingFilters = readFilters(params);
  const search = searchOf(filters, categoryId);
  /** The list call the address asks for; null when the filters leave nothing to ask (no kind shown). */
  const list: ListingsFilter | null = search && {
    ...(tab === 'friends' ? { friends: true } : { public: true }),
    ...search,
  };
  return { tab, category, categoryId, filters, search, list };
}
