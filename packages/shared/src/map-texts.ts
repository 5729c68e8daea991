// Without zod, like seed-texts.ts: the marketplace's map shows these.

export const MAP_TEXTS = {
  viewLabel: 'Show listings as',
  list: 'List',
  map: 'Map',
  mapLabel: 'Map of the listings, each at its owner’s approximate spot',
  searchArea: 'Search this area',
  loading: 'Finding listings in this area…',
  loadFailed: 'Could not load the map’s listings. Please try again.',
  count: (n: number) =>
    n === 0 ? 'No listings in this area' : n === 1 ? '1 listing in this area' : `${n} listings in this area`,
  more: (pins: number) => `Showing the ${pins} newest listings in this area: zoom in to see the others`,
  cluster: (n: number) => `${n} listings here: zoom in`,
  closeCard: 'Close the cards',
  listSummary: (n: number) =>
    n === 1 ? 'The listing on the map, as a list' : `The ${n} listings on the map, as a list`,
  /** Under a listing's own small map. */
  approximate: 'Approximate spot: the seller’s ZIP code area, never their address',
};
