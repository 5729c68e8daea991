/**
 * The weekly "new near you" e-mail: the new public listings within a member's distance since their
 * last one, grouped by category, their wish-list matches first, sent on the member's own Saturday
 * morning, and never empty (a week with nothing new sends nothing).
 */
export const DIGEST_MILES = 25;
/** The local weekday (0 Sunday … 6 Saturday) and hour it goes out. */
export const DIGEST_WEEKDAY = 6;
export const DIGEST_HOUR = 8;
/** How far back the first one (or one after a long pause) looks. */
export const DIGEST_LOOKBACK_DAYS = 7;
/** Listings shown per category; the e-mail says how many more there are. */
export const DIGEST_PER_CATEGORY = 6;
/** Wish-list matches shown at the top. */
export const DIGEST_MATCHES_SHOWN = 6;
/** Upcoming seed swaps shown: those starting within the next two weeks. */
export const DIGEST_EVENTS_SHOWN = 3;
export const DIGEST_EVENTS_AHEAD_DAYS = 14;

export const DIGEST_TEXTS = {
  subject: (count: number) => (count === 1 ? '1 new listing near you' : `${count} new listings near you`),
  eventsSubject: 'Seed swaps coming up near you',
  events: 'Seed swaps coming up',
  headline: 'New near you this week',
  matches: 'On your wish list',
  more: (count: number) => `and ${count} more`,
  browse: 'See everything near you',
} as const;
