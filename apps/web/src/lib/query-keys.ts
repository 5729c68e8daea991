import type { Pollination } from '@gardenswap/shared/constants';
import type { ListingSort } from '@gardenswap/shared/listings';

// Keys more than one feature reads or invalidates live here, so no feature imports another to refresh its data.

/** The search filters of GET /listings/, named as the server names them. */
export interface ListingsSearch {
  q?: string;
  type_id?: number[];
  category_id?: number;
  min_price?: number;
  max_price?: number;
  within_miles?: number;
  /** A seed lot's: any of these pollinations, organic only, can mail only, packed in the last N years. */
  pollination?: Pollination[];
  organic?: boolean;
  can_mail?: boolean;
  packed_within_years?: number;
  sort?: ListingSort;
}

/** Which listings a list call asks for: the tabs of the spec and one member's, narrowed by the search filters. */
export interface ListingsFilter extends ListingsSearch {
  mine?: boolean;
  friends?: boolean;
  public?: boolean;
  user_id?: number;
}

/** Every React Query key of listings, so a change can refresh exactly what it touched. */
export const listingKeys = {
  all: ['listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (filter: ListingsFilter) => [...listingKeys.lists(), filter] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  detail: (id: number) => [...listingKeys.details(), id] as const,
  /** "In season near you" within a distance: under listings, so a listing's change asks again. */
  inSeason: (miles: number) => [...listingKeys.all, 'in-season', miles] as const,
};

/** The member's own profile: the onboarding upload writes it, a friendship change invalidates it (friend_count). */
export const profileKeys = {
  me: ['profile'] as const,
};

/** Other members as this member sees them, under one prefix so a friendship change refreshes them all. */
export const userKeys = {
  all: ['users'] as const,
  user: (userId: number) => [...userKeys.all, userId] as const,
  /** GET /auth/users/{id}/public, for the seller page and the chat alike. */
  public: (userId: number) => [...userKeys.user(userId), 'public'] as const,
};

/** Which events a list shows: near me, those I am going to, those I host. */
export type EventsKind = 'near' | 'going' | 'mine';

/** Every React Query key of events: a live event notice refreshes them without importing the events feature. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (kind: EventsKind, limit?: number) => [...eventKeys.lists(), kind, limit ?? 'page'] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (id: number) => [...eventKeys.details(), id] as const,
};
