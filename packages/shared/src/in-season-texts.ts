// Without zod, like seed-texts.ts: the marketplace's chips and the want list show these.
import { IN_SEASON_DAYS } from './constants.js';
import type { Produce } from './produce.js';

export const IN_SEASON_TEXTS = {
  heading: 'In season near you',
  /** Below the heading: where and since when the counts come from. */
  within: (miles: number) => `Listed within ${miles} miles in the last ${IN_SEASON_DAYS / 7} weeks`,
  loading: 'Looking at what is being listed near you…',
  loadFailed: 'Could not load what is in season near you.',
  /** For a member without a ZIP code: the link to add one. */
  addPostcode: 'Add your ZIP code to see what is in season near you',
  none: (miles: number) => `Nothing listed within ${miles} miles in the last ${IN_SEASON_DAYS / 7} weeks yet`,
  /** What a chip says to a screen reader, and its tooltip. */
  chipLabel: (crop: string, listings: number) =>
    `${crop}: ${listings === 1 ? '1 listing' : `${listings} listings`} near you. Search for it`,
  /** On the want list, beside a want whose produce is being listed near the member. */
  wantNearby: (produce: Pick<Produce, 'crop' | 'mass'>) =>
    `${produce.crop} ${produce.mass ? 'is' : 'are'} being listed near you now`,
};
