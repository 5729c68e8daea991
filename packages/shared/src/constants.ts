/** Listing types as the spec numbers them. */
export const LISTING_TYPES = { sell: 1, exchange: 2, giveaway: 3 } as const;
export type ListingTypeId = (typeof LISTING_TYPES)[keyof typeof LISTING_TYPES];

/** Categories as the spec numbers them; produce comes first everywhere. */
export const CATEGORIES = { produce: 1, seeds: 2, plants: 3 } as const;
export type CategoryId = (typeof CATEGORIES)[keyof typeof CATEGORIES];

/** Listing status: available, reserved, gone (traded, sold or given). */
export const LISTING_STATES = { available: 1, reserved: 2, gone: 3 } as const;
export type ListingStateId = (typeof LISTING_STATES)[keyof typeof LISTING_STATES];

/** Session lifetime: 7 days. */
export const SESSION_TTL_MS = 604_800_000;
export const SESSION_TTL_SECONDS = SESSION_TTL_MS / 1000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const WANT_TITLE_MIN = 3;
export const WANT_TITLE_MAX = 100;
export const WANTS_PER_CATEGORY = 5;
export const POSTCODE_MIN = 5;
export const LOCATION_FIELD_MAX = 100;
export const SELL_PRICE_MIN = 1;
export const SELL_PRICE_MAX = 10_000;
export const MESSAGE_MAX = 2000;

/** A seed lot's details (seeds only): how pollinated, as the member knows it. */
export const POLLINATIONS = ['open_pollinated', 'heirloom', 'hybrid', 'unknown'] as const;
export type Pollination = (typeof POLLINATIONS)[number];
export const VARIETY_MAX = 100;
export const QUANTITY_MAX = 50;
/**
 * The earliest year packed a seed lot may give: even long-keeping vegetable seed lasts a few
 * years, so an earlier year is a typing slip rather than seed anyone could sow.
 */
export const PACKED_YEAR_MIN = 1950;
/** "Packed in the last N years" of the marketplace filter: its choices, and at most a century back. */
export const PACKED_WITHIN_CHOICES = [1, 2, 3, 5] as const;
export const PACKED_WITHIN_MAX = 100;

/** Distances the marketplace filter offers ("within N miles"). */
export const DISTANCE_CHOICES = [1, 5, 10, 25, 50] as const;

/** "In season near you": the produce listed within these days, and within this distance when the marketplace names none. */
export const IN_SEASON_DAYS = 14;
export const IN_SEASON_MILES = 25;
/** How many of the commonest the marketplace shows as chips. */
export const IN_SEASON_CHIPS = 6;

/** The most listings a map shows at once: zoomed out over a busy town, the newest of them. */
export const MAP_PINS = 200;

/** Paging of list calls. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/** Uploaded images: the server's limits (the web app compresses to 3 MB / 1920 px first). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 1920;
export const THUMBNAIL_SIDE = 480;

/** The e-mail pattern of the spec's {email}. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
