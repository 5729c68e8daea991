import type { ListingSort } from '@gardenswap/shared/listings';

/** The search filters of GET /listings/, named as the server names them. */
export interface ListingsSearch {
  q?: string;
  type_id?: number[];
  category_id?: number;
  min_price?: number;
  max_price?: number;
  within_miles?: number;
  sort?: ListingSort;
}

/** Which listings a list call asks for: the tabs of the spec and one member's, narrowed by the search filters. */
export interface ListingsFilter extends ListingsSearch {
  mine?: boolean;
  friends?: boolean;
  public?: boolean;
  user_id?: number;
}

/** Every React Query key of the listings feature, so a change can refresh exactly what it touched. */
export const listingKeys = {
  all: ['listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (filter: ListingsFilter) => [...listingKeys.lists(), filter] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  detail: (id: number) => [...listingKeys.details(), id] as const,
};
