// The events a listing's writes emit (plugins/events.ts), after they commit.

/** A listing as it was before a change: who could have seen a swap through it end. */
export interface ListingBefore {
  id: number;
  owner_id: number;
  title: string;
  category_id: number;
}

declare module '../../plugins/events.js' {
  interface DomainEvents {
    'listing.created': { listingId: number; ownerId: number };
    'listing.changed': {
      listingId: number;
      ownerId: number;
      /** Only its photos changed: nothing a wish list or a swap matches on. */
      photosOnly?: boolean;
      /**
       * The listing before a change to what swaps go by (title, category, visibility, state);
       * absent when swaps cannot have changed (a renewal, a moderator's unhiding).
       */
      before?: ListingBefore;
    };
    'listing.removed': { listingId: number; ownerId: number; before: ListingBefore };
    /** Listings paused or changed in bulk (a sweep, a member's suspension): what caches must drop. */
    'listings.changed': { ownerId?: number };
    /** A reservation ended (or began) for `memberId`. */
    'reservation.changed': { listingId: number; ownerId: number; memberId: number; reserved: boolean };
  }
}

export {};
