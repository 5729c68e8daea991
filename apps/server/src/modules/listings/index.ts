// What other modules may use of listings; everything else here is the module's own.
export { getVisibleListing, getVisibleOwner } from './read/get-listing.js';
export { listListings } from './read/list-listings.js';
export { ListPlanner, type PlanBounds } from './read/list-planner.js';
export { searchOfEachRow, searchWordsOf } from './read/list-search.js';
export { type ListingRow, listingSelect, toListing } from './read/listing-row.js';
export { type Circle, circleAround, livesWithin } from './read/list-geo.js';
export { coordinatesOf } from './read/viewer.js';
export { seedLotColumns, seedLotOf } from './seed-lot-columns.js';
export type { ListingBefore } from './listing-events.js';
export { NOBODY, openToEveryone, visibleTo } from './visibility.js';
export { renewListing } from './commands/renew-listing.js';
