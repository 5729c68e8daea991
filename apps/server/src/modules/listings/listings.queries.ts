import {
  type CreateListingInput,
  LISTING_STATES,
  LISTING_TEXTS,
  type Listing,
  type ListingSort,
  type ListingsCursor,
  type ListingsQuery,
  type UpdateListingInput,
  encodeCursor,
  priceProblem,
  storedPrice,
  TRADE_TEXTS,
} from '@gardenswap/shared';
import { type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { DB, Database, Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';
import { isSqlite } from '../../db/dialect.js';
import { invalidField } from '../../lib/app-error.js';
import { searchTerms, unchangedPrefix, wordRuleOf } from '../../lib/word-rule.js';
import {
  type Coordinates,
  MILES_PER_DEGREE_LATITUDE,
  boundingBox,
  distanceMiles,
  longitudeWeight,
} from '../../lib/geo.js';
import { blockedEitherWayIds } from '../blocks/blocks.queries.js';
import { friendIdsOf } from '../friends/friends.sql.js';
import { MEMBER_CARD_COLUMNS } from '../gardeners/gardeners.queries.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { insertCoverPhoto, type PhotoRow, photosFromJson, photosJson, signedPhotos } from './listing-photos.queries.js';
import type { FeedViewer, Head, PublicFeed } from './public-feed.js';
import { visibleTo } from './visibility.js';

/**
 * What a query reads first: listings in its order, the owners in a box, a search's matches, or
 * listings by key (`keys`: a page's rows, read by id).
 */
type Drive = 'listings' | 'owners' | 'matches' | 'keys';

/**
 * Every listing read starts here: the listing's columns and its owner's public fields in
 * one join (never a query per card). The owner's address and apt are not selected; the
 * owner's coordinates are, only for `toListing` to turn into a distance.
 */
export function listingSelect(db: Executor, from: Drive = 'listings') {
  return listingJoin(db, from).select([
    'listings.id',
    'listings.title',
    'listings.description',
    'listings.price',
    'listings.featured_image',
    'listings.thumbnail',
    'listings.is_active',
    'listings.is_public',
    'listings.type_id',
    'listings.state_id',
    'listings.category_id',
    'listings.owner_id',
    'listings.hidden_reason',
    'listings.owner_suspended',
    'listings.renewed_at',
    'listings.paused_reason',
    'listings.created_at',
    'listings.updated_at',
    'owner.username as owner_username',
    'owner.profile_picture as owner_profile_picture',
    'owner.city as owner_city',
    'owner.state as owner_state',
    'owner.zip_code as owner_zip_code',
    'owner.latitude as owner_latitude',
    'owner.longitude as owner_longitude',
  ]);
}

/**
 * A list's page as its ids, and what its cursor needs (the price; a ring's nearness is added by
 * `inRing`), in the list's order: its rows are read after (`listRows`). Making twenty-five
 * columns of fifty rows into values cost SQLite three times what finding them did. The owners
 * are joined only when the list asks where they live (`owner`): the visibility rule and the
 * filters read the listing's own columns, and joining each of a thousand listings of the friends
 * tab to its owner to keep fifty cost SQLite as much as the rest of the read.
 */
function listingIds(db: Executor, from: Drive = 'listings', recent?: Recent, owner = true) {
  const q = owner ? listingJoin(db, from, recent) : listingsTable(db, recent);
  return (q as ReturnType<typeof listingJoin>).select(['listings.id', 'listings.price']);
}

/**
 * Listings joined to their owners. `from` names the side read first. SQLite keeps the sides of
 * a CROSS JOIN in the order written (PostgreSQL plans it like any inner join), so whatever its
 * statistics say, a feed walks listings in its order and stops at the page, and a distance query
 * starts from the owners in its box instead of reading every listing. A search joins the
 * full-text index to a plain join, which SQLite starts from the index on FTS5's own estimate (a
 * CROSS JOIN would have it read every listing and look each up in the index). `recent` reads
 * only the newest listings (a search's walk on PostgreSQL, `searchStreams`).
 */
function listingJoin(db: Executor, from: Drive, recent?: Recent) {
  const listings = listingsTable(db, recent);
  if (from === 'keys' && !isSqlite(db)) {
    // Each listing looks its owner up. On its estimate of random reads PostgreSQL hashed every
    // member to join fifty listings to their owners (2 ms at 5,000 members); `limit 1` keeps the
    // lookup from being flattened into that join. It takes only what `listingSelect` shows of an
    // owner: carrying the whole row cost a fifth of the read.
    const owner = (eb: ExpressionBuilder<Database, 'listings'>) =>
      eb
        .selectFrom('users')
        .select(MEMBER_CARD_COLUMNS)
        .whereRef('users.id', '=', 'listings.owner_id')
        .limit(1)
        .as('owner');
    return listings.crossJoinLateral(owner).whereRef('owner.id', '=', 'listings.owner_id');
  }
  const joined =
    from === 'owners'
      ? db.selectFrom('users as owner').crossJoin('listings')
      : from === 'listings'
        ? listings.crossJoin('users as owner')
        : listings.innerJoin('users as owner', 'owner.id', 'listings.owner_id');
  return joined.whereRef('owner.id', '=', 'listings.owner_id');
}

/** The listings, or only the newest (`recent`) as a table of their own that reads like the table itself. */
const listingsTable = (db: Executor, recent?: Recent) =>
  recent === undefined
    ? db.selectFrom('listings')
    : (newest(db, recent.rows, recent.before) as unknown as ReturnType<typeof db.selectFrom<'listings'>>);

/**
 * The `recent` newest listings (before the listing `before`, for a page after a cursor), as a
 * table of their own: whatever PostgreSQL's estimates, a query on it reads at most that many
 * rows, newest first (see `searchStreams`).
 */
function newest(db: Executor, recent: number, before?: number) {
  const q = db.selectFrom('listings').selectAll();
  return db.selectFrom(
    (before === undefined ? q : q.where('id', '<', before)).orderBy('id', 'desc').limit(recent).as('listings'),
  );
}

/** Only the newest listings (see `newest`). */
type Recent = { rows: number; before?: number };

/** A listing of a list's page, before its row is read: its id and what its cursor needs. */
interface IdRow {
  id: number;
  price: number;
  /** A ring's nearness (squared degrees), when its owner has a known postcode. */
  nearness?: number;
  /** How wide (miles) the ring it was read from was: where the next page's first ring starts. */
  ringWidth?: number;
}

export type ListingRow = Awaited<ReturnType<ReturnType<typeof listingSelect>['executeTakeFirstOrThrow']>>;

/**
 * A row of `listingSelect` as the API answers it: flags as booleans, ISO timestamps, the
 * distance from the viewer (null without the viewer's coordinates), and photo paths as this
 * viewer may fetch them (`sign`: signed and expiring unless the listing is public and active).
 * Coordinates themselves never leave the server.
 */
export function toListing(row: ListingRow, viewer: Coordinates | null, sign: PhotoSigner): Listing {
  const open = photoAccess(row);
  const owner =
    row.owner_latitude === null || row.owner_longitude === null
      ? null
      : { latitude: Number(row.owner_latitude), longitude: Number(row.owner_longitude) };
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    featured_image: sign(row.featured_image, open),
    thumbnail: sign(row.thumbnail, open),
    is_active: open.is_active,
    is_public: open.is_public,
    type_id: row.type_id,
    state_id: row.state_id,
    category_id: row.category_id,
    owner_id: row.owner_id,
    owner: {
      id: row.owner_id,
      username: row.owner_username,
      profile_picture: row.owner_profile_picture,
      city: row.owner_city,
      state: row.owner_state,
      zip_code: row.owner_zip_code,
    },
    distance_miles: distanceMiles(viewer, owner),
    hidden_reason: row.hidden_reason,
    renewed_at: toIso(row.renewed_at),
    paused_reason: row.paused_reason === 'not_renewed' ? 'not_renewed' : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** What decides how a listing's photos are handed out (see `PhotoSigner`). */
export const photoAccess = (
  row: Pick<ListingRow, 'is_public' | 'is_active' | 'hidden_reason' | 'owner_suspended'>,
) => ({
  is_public: row.is_public === 1,
  is_active: row.is_active === 1,
  hidden: row.hidden_reason !== null || row.owner_suspended === 1,
});

const selectCoordinates = preparedQuery(
  (db, { userId }: { userId: number }) =>
    db.selectFrom('users').select(['latitude', 'longitude']).where('id', '=', userId),
  { onePlan: true },
);

/** The coordinates of a member's postcode, or null while unknown. */
export async function coordinatesOf(db: Executor, userId: number): Promise<Coordinates | null> {
  const [row] = await selectCoordinates(db, { userId });
  return row ? coordinates(row.latitude, row.longitude) : null;
}

const coordinates = (latitude: number | string | null, longitude: number | string | null) =>
  latitude === null || longitude === null ? null : { latitude: Number(latitude), longitude: Number(longitude) };

/**
 * No member: what is visible to nobody is every open listing, whoever its owner, with
 * no one blocked. Ids start at 1.
 */
const NOBODY = 0;

/**
 * A listing the viewer may see, with its photos and the viewer's own coordinates, in one query:
 * on PostgreSQL each round trip costs more than the lookups themselves.
 */
const selectVisibleListing = preparedQuery(
  (db, { viewerId, id }: { viewerId: number; id: number }) => {
    const viewer = db.selectFrom('users as viewer').where('viewer.id', '=', viewerId);
    return listingSelect(db)
      .where('listings.id', '=', id)
      .where(visibleTo(viewerId))
      .select((eb) => [
        photosJson(db, eb.ref('listings.id')).as('photos'),
        viewer.select('viewer.latitude').as('viewer_latitude'),
        viewer.select('viewer.longitude').as('viewer_longitude'),
      ]);
  },
  { onePlan: true },
);

/**
 * One listing if the viewer may see it; undefined alike for a missing and a hidden one. With
 * `feed`, a listing open to every member is read once for all of them (`PublicFeed.listing`):
 * the visibility rule leaves it to everyone but members blocked either way with its owner, which
 * the viewer's shared blocks tell. Any other listing is read for the viewer, as without it.
 */
export async function getVisibleListing(
  db: Executor,
  viewerId: number,
  id: number,
  sign: PhotoSigner,
  feed?: PublicFeed,
): Promise<Listing | undefined> {
  if (feed) {
    const open = await feed.listing(id, async () => {
      const [row] = await selectVisibleListing(db, { viewerId: NOBODY, id });
      return row ? { row, photos: photosFromJson(row.photos) } : null;
    });
    if (open) {
      const viewer = await feedViewer(db, feed, viewerId);
      if (open.row.owner_id !== viewerId && viewer.blocked.has(open.row.owner_id)) return undefined;
      return withPhotos(open.row, open.photos, viewer.coordinates, sign);
    }
  }
  const [row] = await selectVisibleListing(db, { viewerId, id });
  if (!row) return undefined;
  return withPhotos(row, photosFromJson(row.photos), coordinates(row.viewer_latitude, row.viewer_longitude), sign);
}

/** A listing's page: the listing as lists show it, and its photos. */
const withPhotos = (row: ListingRow, photos: PhotoRow[], viewer: Coordinates | null, sign: PhotoSigner) => ({
  ...toListing(row, viewer, sign),
  photos: signedPhotos(photos, sign, photoAccess(row)),
});

/** What sets the viewer's public feed apart (postcode and blocks), shared until a change drops it. */
const feedViewer = (db: Executor, feed: PublicFeed, viewerId: number) =>
  feed.viewer(viewerId, async () => {
    const [coordinates, blocked] = await Promise.all([coordinatesOf(db, viewerId), blockedEitherWayIds(db, viewerId)]);
    return { coordinates, blocked };
  });

/** Who owns a listing the viewer may see (for the owner-only calls' 403 versus 404). */
export async function getVisibleOwner(db: Executor, viewerId: number, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('listings')
    .select('listings.owner_id')
    .where('listings.id', '=', id)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
  return row?.owner_id;
}

/**
 * A page of listings, or a page of the public feed shared by its viewers (`PublicFeed`): what
 * it is made of, for `PublicFeed.written`, and its listings, made only when its bytes are not
 * already written.
 */
export type ListingsPage = {
  /** The cursor of the next page, when there may be one. */
  next?: string;
} & (
  | {
      listings: Listing[];
      /** The rows they were made from, in order (`ListingsJson`). */
      rows: ListingRow[];
      shared?: undefined;
    }
  | { listings?: undefined; shared: { head: Head; rows: ListingRow[]; viewer: FeedViewer; listings: () => Listing[] } }
);

/**
 * The words of a search, letters and digits only (whatever a member types can neither break the
 * FTS5 syntax nor PostgreSQL's tsquery syntax), split and sifted by the one word rule that wish-list
 * matches and swaps go by.
 */
export function searchWords(db: Executor, text: string): string[] {
  return searchTerms(text, wordRuleOf(db)).slice(0, 12);
}

/**
 * The last word of a search, as a prefix (search as you type): what the member typed so far. The
 * database stems it first, and a stem may rewrite the typed letters ("qxmx1ey" → "qxmx1ei"), so
 * the longest beginning the stemmer leaves as it is goes instead, or beside it when the stem does
 * not begin with it.
 */
function lastWordPrefixes(db: Executor, word: string): string[] {
  const rule = wordRuleOf(db);
  const kept = unchangedPrefix(rule, word);
  const stem = rule.stem(word);
  if (kept === undefined) return [word];
  return stem !== undefined && !stem.startsWith(kept) ? [word, kept] : [kept];
}

/** A search's words, and the whole words of the listings its last word begins. */
export interface SearchWords {
  words: string[];
  /**
   * Words of the listings that begin with the last word but whose stem does not begin with any of
   * its prefixes ("listing", stem "list", for "listi"): asked for as whole words.
   */
  completions: string[];
}

/** How many words beginning with the last one are looked at, and how many of them are asked for. */
const COMPLETIONS = { read: 200, kept: 16 };

/** The words of the listings, as typed, that begin with `prefix` (migration 023). */
async function wordsBeginning(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('search_words')
    .select('word')
    .where('word', '>=', prefix)
    .where('word', '<', `${prefix}\u{10FFFF}`)
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((row) => row.word);
}

/**
 * The words of a search, and the listings' whole words its last word begins where the stems alone
 * would miss them: a prefix must find what the member has typed so far.
 */
export async function searchWordsOf(db: Executor, text: string): Promise<SearchWords> {
  const words = searchWords(db, text);
  const last = words.at(-1);
  if (last === undefined || last.length < 3) return { words, completions: [] };
  const rule = wordRuleOf(db);
  const prefixes = lastWordPrefixes(db, last);
  const completions: string[] = [];
  for (const word of await wordsBeginning(db, last, COMPLETIONS.read)) {
    const stem = rule.stem(word);
    // One token as the index splits it, not already found through a prefix.
    if (stem === undefined || rule.words(word).length !== 1 || prefixes.some((p) => stem.startsWith(p))) continue;
    completions.push(word);
    if (completions.length === COMPLETIONS.kept) break;
  }
  return { words, completions };
}

/** Which listings a search keeps: every word, or only those whose title holds every word, or the others. */
type TextScope = 'any' | 'title' | 'notTitle';

/**
 * A search as the database's full-text syntax says it: every word, the last one as a prefix
 * (search as you type), within the scope. It is bound as a value, so one compiled query serves
 * every search of a shape.
 */
function searchText(db: Executor, { words, completions }: SearchWords, scope: TextScope): string {
  const last = lastWordPrefixes(db, words.at(-1)!);
  const whole = words.slice(0, -1);
  const alternatives = last.length + completions.length;
  if (isSqlite(db)) {
    const terms = [...last.map((w) => `"${w}"*`), ...completions.map((w) => `"${w}"`)];
    const prefix = alternatives > 1 ? `(${terms.join(' OR ')})` : terms[0]!;
    const all = [...whole.map((w) => `"${w}"`), prefix].join(' ');
    return { any: all, title: `{title}: (${all})`, notTitle: `(${all}) NOT {title}: (${all})` }[scope];
  }
  const tsquery = (weight: string) => {
    const terms = [...last.map((w) => `${w}:*${weight}`), ...completions.map((w) => `${w}:${weight}`)];
    const prefix = terms.join(' | ');
    return [...whole.map((w) => `${w}:${weight}`), alternatives > 1 ? `(${prefix})` : prefix].join(' & ');
  };
  return { any: tsquery(''), title: tsquery('A'), notTitle: `(${tsquery('')}) & !(${tsquery('A')})` }[scope];
}

/**
 * Narrows `q` to the listings matching a search (`searchText`) and gives the expression to order
 * them newest first by. SQLite drives from the FTS5 table and orders by its rowid, which FTS5
 * walks in order and stops at the LIMIT (ordering by listings.id would read and sort every
 * match); its prefix index (migration 017) makes the last word one more word of the index.
 * `eachRow` (a query driven by its owners, or walking a price index) instead checks each listing
 * read against the matches' rowids, gathered once: FTS5 checks a single row against a search
 * only by setting the search up again (about 20 µs a row). PostgreSQL filters on the
 * GIN-indexed `search` tsvector, whose title words carry weight A (`eachRow`: on each listing's
 * row, `searchOfEachRow`).
 *
 * `parsedOnce`: PostgreSQL parses the search once per statement rather than for each row read.
 * A plan made for the search's value folds `to_tsquery` into a constant; a plan kept for every
 * value (`samePlan`) called it again for each of the thousands of listings a window walks
 * (0.9 ms a read instead of 0.25).
 */
function matching<Q extends ListingQuery>(
  db: Executor,
  q: Q,
  text: string,
  eachRow: boolean,
  tier?: 'title' | 'notTitle',
  parsedOnce = false,
) {
  if (isSqlite(db)) {
    if (eachRow) {
      const matches = db
        .selectFrom(sql<{ rowid: number; listings_fts: string }>`listings_fts`.as('fts'))
        .select('fts.rowid')
        .where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${text}`);
      // `id + 0`, which no index serves: a membership test of each listing read, never a seek
      // into the owner's listings for every match.
      return {
        q: q.where((eb) => eb(eb('listings.id', '+', 0), 'in', matches)) as Q,
        id: sql.ref<number>('listings.id'),
      };
    }
    const joined = q.innerJoin(sql<{ rowid: number }>`listings_fts`.as('fts'), (join) =>
      join.on(sql<SqlBool>`${sql.ref('fts.rowid')} = ${sql.ref('listings.id')}`),
    ) as unknown as Q;
    return {
      q: joined.where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${text}`) as Q,
      id: sql.ref<number>('fts.rowid'),
    };
  }
  const search = eachRow ? searchOfEachRow : sql.ref('listings.search');
  const words = parsedOnce ? sql`(select to_tsquery('english', ${text}))` : sql`to_tsquery('english', ${text})`;
  const inTitle = sql<SqlBool>`${titleWords} @@ ${words}`;
  const where = {
    title: inTitle,
    notTitle: sql<SqlBool>`${search} @@ ${words} and not ${inTitle}`,
    any: sql<SqlBool>`${search} @@ ${words}`,
  }[tier ?? 'any'];
  return { q: q.where(where) as Q, id: sql.ref<number>('listings.id') };
}

/**
 * A listing's `search` tsvector as each row read holds it, for a query driven by a few owners'
 * listings: `search || ''`, which the GIN index does not serve, keeps PostgreSQL from ANDing
 * those few rows with the index's bitmap of every listing holding the word (120,000 for
 * "tomato" at a million listings, once per owner).
 */
export const searchOfEachRow = sql`(${sql.ref('listings.search')} || ''::tsvector)`;

/**
 * A title's own words on PostgreSQL, which `listings_title_search` indexes (migration 018): the
 * title tier's older matches are gathered there, without reading every listing whose
 * description holds the word to look at its weights.
 */
const titleWords = sql`to_tsvector('english', ${sql.ref('listings.title')})`;

const number = (value: number) => sql<number>`cast(${value} as double precision)`;

/**
 * A circle around a point as the queries bind it: its box (which users_latitude serves), its
 * center, how much a degree of longitude weighs there, and its radius squared, in degrees.
 */
interface Circle {
  latitude: number;
  longitude: number;
  weight: number;
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
  radius2: number;
}

const squaredRadius = (miles: number) => (miles / MILES_PER_DEGREE_LATITUDE) ** 2;

function circleAround(center: Coordinates, miles: number): Circle {
  const box = boundingBox(center, miles);
  return { ...center, ...box, weight: longitudeWeight(center), radius2: squaredRadius(miles) };
}

/**
 * Equirectangular squared distance in degrees² between the member `who` names (the owner by
 * default) and the circle's center, plain arithmetic on both databases: it orders by nearness
 * and, compared with the radius squared, filters by it (within a fraction of a percent of the
 * great circle at the distances members trade over).
 */
function squaredDegrees(c: Circle, who = 'owner') {
  const dLat = sql<number>`(${sql.ref(`${who}.latitude`)} - ${number(c.latitude)})`;
  const dLon = sql<number>`(${number(c.weight)} * (${sql.ref(`${who}.longitude`)} - ${number(c.longitude)}))`;
  return sql<number>`(${dLat} * ${dLat} + ${dLon} * ${dLon})`;
}

type ListingQuery = ReturnType<typeof listingIds>;

/** Whether the member `who` names lives within the circle: the box first, then the circle. */
function livesWithin(who: string, c: Circle) {
  const [latitude, longitude] = [sql.ref(`${who}.latitude`), sql.ref(`${who}.longitude`)];
  return sql<SqlBool>`${latitude} >= ${c.minLatitude} and ${latitude} <= ${c.maxLatitude}
    and ${longitude} >= ${c.minLongitude} and ${longitude} <= ${c.maxLongitude}
    and ${squaredDegrees(c, who)} <= ${number(c.radius2)}`;
}

/**
 * Whether a read of the owners in this circle's box is planned for its values each time
 * (`PLAN_BOUNDS.samePlanDegrees`).
 */
const isWide = (c: Circle) => c.maxLatitude - c.latitude > PLAN_BOUNDS.samePlanDegrees;

/**
 * Owners within the circle, for a query driven from the owners (users_latitude serves the box).
 * A `wide` box is marked in the SQL, so its statement is told apart from a narrow one's.
 */
function ownersWithin<Q extends ListingQuery>(q: Q, c: Circle, wide: boolean): Q {
  const within = q.where(livesWithin('owner', c));
  return (wide ? within.modifyEnd(sql`/* a wide box, planned for its values */`) : within) as Q;
}

/**
 * The same circle for a query walking listings in its order: each listing's owner is looked up
 * and checked as the walk reaches it. Written on the joined owner, SQLite would first build a
 * Bloom filter of every owner in the box (47,000 in a dense town at a million listings, 9 ms)
 * because it plans the walk as if it read the whole table; as a per-row subquery the walk stops
 * at the page (0.1 ms).
 */
function listingsWithin<Q extends ListingQuery>(q: Q, c: Circle): Q {
  return q.where((eb) =>
    eb
      .selectFrom('users as circle')
      .select(livesWithin('circle', c).as('inside'))
      .whereRef('circle.id', '=', 'listings.owner_id'),
  ) as Q;
}

/** How many rows `q` has, counting no further than `cap` (a bounded read whatever the table holds). */
function counted(db: Executor, q: ListingQuery, cap: number) {
  return db
    .selectFrom(
      q
        .clearSelect()
        .clearOrderBy()
        .select(sql<number>`1`.as('one'))
        .limit(cap)
        .as('counted'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** An ordered list of rows, read from any point, or counted up to a bound. */
interface Stream {
  count(cap: number): Promise<number>;
  rows(offset: number, limit: number): Promise<IdRow[]>;
}

/**
 * Rows `skip` to `skip + take` of ordered streams read one after the other, reading each only
 * as far as the page needs: a stream wholly before the page is counted (up to what is left to
 * skip), never sorted or returned. `from`: the index of the stream each row came from.
 */
async function pageOfStreams(streams: Stream[], skip: number, take: number) {
  const rows: IdRow[] = [];
  const from: number[] = [];
  for (const [i, stream] of streams.entries()) {
    if (rows.length >= take) break;
    const before = skip > 0 ? await stream.count(skip) : 0;
    skip -= before;
    if (skip > 0) continue;
    const read = await stream.rows(before, take - rows.length);
    rows.push(...read);
    from.push(...read.map(() => i));
  }
  return { rows, from };
}

/** Rings of `nearest` start at least this wide (miles) and grow until they hold the whole globe. */
const FIRST_RING_MILES = 0.25;
const LAST_RING_MILES = 32_768;
/** A ring is never halved below this width (miles). */
const NARROWEST_RING_MILES = 1e-3;

/**
 * How wide the ring after one from `inner` of `width` miles, whose owners hold `held` listings,
 * is. Without a search a ring is sized on the indexes alone, so the next one reaches at most
 * twice as far, and no further than the last one's crowding says holds about half the `bound`
 * (a ring's listings grow with its area): in a town, the next ring is counted once instead of
 * being halved two or three times. With a search sizing a ring reads its listings, so the next
 * one is only twice as wide: a page deep in a crowded stretch keeps to narrow rings instead of
 * halving a wide one again, and an empty stretch is still crossed in a few.
 */
function nextRingWidth(search: RingSearch | undefined, inner: number, width: number, held: number, bound: number) {
  if (search) return Math.max(2 * width, NARROWEST_RING_MILES);
  const grown = Math.max(inner + width, FIRST_RING_MILES);
  if (held === 0) return grown;
  const outer = inner + width;
  const fits = Math.sqrt(outer ** 2 + ((outer ** 2 - inner ** 2) * bound) / (2 * held)) - outer;
  return Math.max(Math.min(grown, fits), NARROWEST_RING_MILES);
}

/** A ring width that about fits half the bound, from a first ring out to `outer` holding `held`. */
const fittingFirstRing = (outer: number, held: number, bound: number) => outer * Math.sqrt(bound / (2 * held));

/**
 * Where a ring of `nearest` starts: beyond `radius2` (squared degrees), and with `afterId` also
 * at `radius2` itself for listings older than that one (the page after a cursor).
 */
interface RingStart {
  radius2: number;
  afterId?: number;
}

/** A ring of `nearest`, between two distances in miles. */
interface Ring {
  inner: number;
  outer: number;
  start?: RingStart;
}

/**
 * How a search or a filter meets a ring's listings. SQLite `gathers` every match of the words
 * for each of the ring's queries, a cost per query (17–35 ms for a word in 12% of a million
 * listings): fewer queries are cheaper, so its rings are fuller and read in one query each.
 * PostgreSQL checks `eachRow` of the ring for the words, and both check each row for a filter
 * or the friends tab: tight rings are cheaper. Either way the ring is sized by what it shows,
 * not by all its owners hold, and the next ring is twice as wide: a filter that few listings
 * meet crosses the map in a few rings (sized by all the listings there, one ring of about a
 * hundred after another, a price no listing asks for read every ring of a million listings:
 * 22,000 statements, 105 s).
 */
type RingSearch = 'gathers' | 'eachRow';

/**
 * Whether any listing the viewer may see meets the list's tab and filters, wherever it is: one
 * row in price order, which the price and category indexes serve on both databases. A filter
 * that nothing meets then answers `nearest` at once instead of crossing the map in rings.
 */
async function anyMeets(db: Executor, query: ListingsQuery, viewerId: number) {
  const shape: ReadShape = {
    filters: filterShape(query, viewerId, isSqlite(db), 'lowest'),
    from: 'listings',
    text: false,
    sort: 'lowest',
  };
  return (await stream(db, shape, filterValues(query, viewerId)).rows(0, 1)).length > 0;
}

/** Whether a list shows fewer of a ring's listings than the visibility rule leaves (`RingSearch`). */
const filtersRings = (f: FilterShape) => f.friends || f.types > 0 || f.category || f.minPrice || f.maxPrice;

/** The rings of `nearest`: the listings of a ring in order, and how many listings its owners hold. */
interface Rings {
  ring(ring: Ring): Stream;
  /** Every listing of the ring's owners, counted on the indexes alone (up to `cap`). */
  held(ring: Ring, cap: number): Promise<number>;
  /** The listings of owners without a known postcode, newest first (older than `beforeId`). */
  unlocated(beforeId?: number): Stream;
  /** How a search narrows the rings, if one does (the count on the indexes then says little of them). */
  search?: RingSearch;
  /** How wide the first ring of a first page starts, when known (`fitted` told it before). */
  firstWidth?: number;
  /** Hears how wide a first page's first ring would hold about half the bound. */
  fitted?(width: number): void;
}

/**
 * A page in order of nearness (then newest), without sorting the table: the listings are read
 * in rings around the viewer, narrowest first, each ring driven from the owners in its box
 * (users_latitude) to their listings (listings_owner_id). A ring much wider than the page is
 * halved first, and reading stops when the page is full. Every ring holds whole distances (a tie
 * never straddles two), so the order is exactly nearness, then id descending. A page after a
 * cursor starts its first ring at the cursor's own nearness, as wide as the ring that ended the
 * page before (its `width`): page 20 in a crowded town then reads one ring of the right width
 * instead of halving a wide one five times. Owners without a known postcode come last, newest
 * first.
 *
 * `withinMiles` ends the rings there instead, and leaves out owners without a postcode: the
 * rings then hold exactly the `within_miles` circle. (A second box on the same index would
 * leave SQLite free to read the wider one for every ring.)
 */
async function nearestPage(
  rings: Rings,
  after: { nearness?: number; id: number; width?: number } | undefined,
  take: number,
  withinMiles?: number,
): Promise<IdRow[]> {
  const last = withinMiles ?? LAST_RING_MILES;
  if (after && after.nearness === undefined) {
    return withinMiles === undefined ? rings.unlocated(after.id).rows(0, take) : [];
  }
  const { ringRows, ringPages } = PLAN_BOUNDS;
  const bound = rings.search === 'gathers' ? ringRows : Math.min(ringRows, ringPages * take);
  const from = after ? Math.sqrt(after.nearness!) * MILES_PER_DEGREE_LATITUDE : 0;
  const hint = after ? after.width : rings.firstWidth;
  const first = hint
    ? Math.min(Math.max(hint, NARROWEST_RING_MILES), LAST_RING_MILES)
    : rings.search
      ? FIRST_RING_MILES
      : Math.max(from, FIRST_RING_MILES);
  const queue: Ring[] = [
    {
      inner: from,
      outer: Math.max(from, Math.min(from + first, last)),
      start: after && { radius2: after.nearness!, afterId: after.id },
    },
  ];
  const rows: IdRow[] = [];
  while (queue.length > 0 && rows.length < take) {
    const ring = queue.shift()!;
    const stream = rings.ring(ring);
    // A search that gathers its matches pays that once per query, so the ring's rows are read
    // at once, up to the bound, instead of counted and read again. A search checked on each row
    // counts what the viewer sees of the ring first (PostgreSQL plans the read of so crowded a
    // ring badly); without a search, every listing of its owners is counted on the indexes.
    const read = rings.search === 'gathers' ? await stream.rows(0, bound + 1) : undefined;
    const held = read?.length ?? (rings.search ? await stream.count(bound + 1) : await rings.held(ring, bound + 1));
    if (held > bound && ring.outer - ring.inner > NARROWEST_RING_MILES) {
      const mid = (ring.inner + ring.outer) / 2;
      queue.unshift(
        { inner: ring.inner, outer: mid, start: ring.start },
        { inner: mid, outer: ring.outer, start: { radius2: squaredRadius(mid) } },
      );
      continue;
    }
    // A first page remembers how wide its first ring should have been, unless it started from
    // what it remembered and that fitted. The fit assumes listings spread evenly, so a town may
    // take a few reads (3 to 6 in the bench's) to settle; once it has, answers (their cursors,
    // which carry the width) stay the same.
    const hintFits = ring.outer === first && rings.firstWidth !== undefined && held >= bound / 8;
    if (!after && ring.inner === 0 && held > 0 && !rings.search && !hintFits)
      rings.fitted?.(fittingFirstRing(ring.outer, held, bound));
    if (queue.length === 0 && ring.outer < last) {
      const width = nextRingWidth(rings.search, ring.inner, ring.outer - ring.inner, held, bound);
      queue.push({
        inner: ring.outer,
        outer: Math.min(ring.outer + width, last),
        start: { radius2: squaredRadius(ring.outer) },
      });
    }
    const ringWidth = ring.outer - ring.inner;
    const ringRows = read
      ? read.slice(0, take - rows.length)
      : held > 0
        ? await stream.rows(0, take - rows.length)
        : [];
    rows.push(...ringRows.map((row) => ({ ...row, ringWidth })));
  }
  if (rows.length >= take || withinMiles !== undefined) return rows;
  return [...rows, ...(await rings.unlocated().rows(0, take - rows.length))];
}

const DEFAULT_SORT: ListingSort = 'newest';

/**
 * The bounds that choose between two plans giving the same rows. Tests lower them, to see each
 * plan answer on a small marketplace.
 */
export const PLAN_BOUNDS = {
  /**
   * A `within_miles` circle holding at most this many listings is read from its owners and
   * sorted; a more crowded one is walked in the page's order instead, each listing's owner
   * checked against the circle, which reads about (listings / circle) rows per row of the page.
   */
  circleGather: 5_000,
  /** SQLite: a search matching more listings than this is walked in price order, not sorted (`commonInPriceOrder`). */
  priceWalk: 5_000,
  /**
   * PostgreSQL: a search walks at least `recentLeast` of the newest listings, and
   * `recentPerRow` for each row of the page and those before it, before it gathers the older
   * matches (`searchStreams`).
   */
  recentLeast: 10_000,
  recentPerRow: 50,
  /**
   * `nearest` reads and sorts a ring whole, so one holding more than `ringPages` times the rows
   * of the page (at most `ringRows`) is halved first; with a search that `gathers`, more than
   * `ringRows`.
   */
  ringRows: 2_000,
  ringPages: 4,
  /**
   * PostgreSQL: a read of the owners in a box reaching more than this many degrees of latitude
   * from its center (about 200 miles) is planned for its values each time; a narrower one is
   * planned once per connection. Planning a ring of `nearest` cost twice what running it does
   * (0.6 ms against 0.3), and in a narrow box the plan is always the same: the box on
   * users_latitude, then each owner's listings. Past about 300 miles a box holds most owners
   * and PostgreSQL reads the users table instead, which the one plan, made without the box's
   * size, never does (page 20 of a search by nearness far from town: 31 ms on the index
   * against 17 ms read whole).
   */
  samePlanDegrees: 3,
};

/** What of a list's tab and filters decides its query's shape (their values go apart). */
interface FilterShape {
  mine: boolean;
  seller: boolean;
  /** Only the viewer's own listings: the gone ones stay. */
  ownOnly: boolean;
  public: boolean;
  friends: boolean;
  /** How many types are asked for. */
  types: number;
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  /**
   * On SQLite, price bounds reach the price indexes only for a page in price order: in another
   * order its sampled statistics can make a bounded range look small enough to read whole and
   * sort. PostgreSQL's statistics judge the range well, and hiding the column from them would
   * make it guess instead.
   */
  priceHidden: boolean;
  /**
   * PostgreSQL reads the friends tab's friends once, as an array its owner index looks up. As a
   * subquery they were pulled up into a join that, at 100k listings, walked the listings newest
   * first and compared each with every friend (22 ms, against 4 ms from the friends' listings).
   */
  friendsArray: boolean;
}

/** The values of a list's tab and filters; `type0`, `type1`... are the types asked for. */
type FilterValues = {
  viewerId: number;
  sellerId?: number;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
} & Record<`type${number}`, number>;

function filterShape(query: ListingsQuery, viewerId: number, sqlite: boolean, sort: ListingSort): FilterShape {
  return {
    mine: !!query.mine,
    seller: query.user_id !== undefined,
    ownOnly: !!query.mine || query.user_id === viewerId,
    public: !!query.public,
    friends: !!query.friends,
    types: query.type_id?.length ?? 0,
    category: query.category_id !== undefined,
    minPrice: query.min_price !== undefined,
    maxPrice: query.max_price !== undefined,
    priceHidden: sqlite && sort !== 'lowest' && sort !== 'highest',
    friendsArray: !!query.friends && !sqlite,
  };
}

function filterValues(query: ListingsQuery, viewerId: number): FilterValues {
  const values: FilterValues = {
    viewerId,
    sellerId: query.user_id,
    categoryId: query.category_id,
    minPrice: query.min_price,
    maxPrice: query.max_price,
  };
  query.type_id?.forEach((type, i) => (values[`type${i}`] = type));
  return values;
}

/**
 * The listings of a tab and its filters that the viewer may see, before any text or order.
 * It uses `values` only as values, so a page can be compiled once per shape (`listRead`).
 */
function filteredListings(
  db: Executor,
  from: Drive,
  shape: FilterShape,
  v: FilterValues,
  recent?: Recent,
  owner = true,
) {
  return narrowed(listingIds(db, from, recent, owner), shape, v);
}

/** A query of listings, whatever else it joins. */
type OfListings = SelectQueryBuilder<Database, 'listings', object>;

/** `query` narrowed to what the viewer may see of the tab and its filters (on listings' own columns). */
function narrowed<Q>(query: Q, shape: FilterShape, v: FilterValues): Q {
  let q = (query as unknown as OfListings).where(visibleTo(v.viewerId));
  if (shape.mine) q = q.where('listings.owner_id', '=', v.viewerId);
  if (shape.seller) q = q.where('listings.owner_id', '=', v.sellerId!);
  if (shape.public) {
    q = q
      .where('listings.is_public', '=', 1)
      .where('listings.is_active', '=', 1)
      .where('listings.owner_id', '<>', v.viewerId);
  }
  if (shape.friends) {
    const friends = friendIdsOf(v.viewerId);
    q = q
      .where('listings.is_active', '=', 1)
      .where((eb) =>
        shape.friendsArray
          ? eb('listings.owner_id', '=', eb.fn<number>('any', [sql`array(${friends})`]))
          : eb('listings.owner_id', 'in', friends),
      );
  }
  if (!shape.ownOnly) {
    q = q.where((eb) =>
      eb.or([eb('listings.owner_id', '=', v.viewerId), eb('listings.state_id', '<>', LISTING_STATES.gone)]),
    );
  }
  if (shape.types > 0) {
    const types = Array.from({ length: shape.types }, (_, i) => v[`type${i}`]!);
    q = q.where('listings.type_id', 'in', types);
  }
  if (shape.category) q = q.where('listings.category_id', '=', v.categoryId!);
  const price = (eb: ExpressionBuilder<Database, 'listings'>) =>
    shape.priceHidden ? eb('listings.price', '+', 0) : eb.ref('listings.price');
  if (shape.minPrice) q = q.where((eb) => eb(price(eb), '>=', v.minPrice!));
  if (shape.maxPrice) q = q.where((eb) => eb(price(eb), '<=', v.maxPrice!));
  return q as unknown as Q;
}

const cursorId = (cursor: ListingsCursor | undefined) =>
  cursor?.kind === 'id' || cursor?.kind === 'price' ? cursor.id : undefined;

/** A list in a plain order (newest, oldest, by price) from just after its cursor. */
function inOrder(
  q: ListingQuery,
  id: ReturnType<typeof sql.ref<number>>,
  sort: ListingSort,
  cursor: ListingsCursor['kind'] | undefined,
  v: { cursorId?: number; cursorPrice?: number },
) {
  if (cursor === 'id') q = q.where(id, sort === 'oldest' ? '>' : '<', v.cursorId!);
  if (cursor === 'price') {
    // (price, id) compared as one row value, so both databases start the price index's walk
    // right after the cursor instead of reading and dropping the pages before it.
    q = q.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('listings.price', 'listings.id'), sort === 'lowest' ? '>' : '<', tuple(v.cursorPrice!, v.cursorId!)),
    );
  }
  if (sort === 'oldest') return q.orderBy(id, 'asc');
  if (sort === 'highest') return q.orderBy('listings.price', 'desc').orderBy('listings.id', 'desc');
  if (sort === 'lowest') return q.orderBy('listings.price', 'asc').orderBy('listings.id', 'asc');
  return q.orderBy(id, 'desc');
}

const countMatches = preparedQuery((db, v: { match: string; limit: number }) =>
  db
    .selectFrom(
      db
        .selectFrom(sql<{ rowid: number; listings_fts: string }>`listings_fts`.as('fts'))
        .select('fts.rowid')
        .where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${v.match}`)
        .limit(v.limit)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * SQLite: whether a search in price order is better read by walking the price index, checking
 * each listing against the matches gathered once, than by sorting every match. FTS5 hands its
 * matches out newest first only, so sorting them by price reads them all (120,000 for "tomato"
 * at a million listings, 130 ms); the walk reads about (listings / matches) rows per row of the
 * page, after gathering the matches' rowids (17 ms for 120,000). Counting up to the bound in the
 * index alone decides. PostgreSQL's statistics choose between the same two plans by themselves.
 */
async function commonInPriceOrder(db: Executor, search: SearchWords, sort: ListingSort): Promise<boolean> {
  if (!isSqlite(db) || search.words.length === 0 || (sort !== 'lowest' && sort !== 'highest')) return false;
  const bound = PLAN_BOUNDS.priceWalk;
  const [row] = await countMatches(db, { match: searchText(db, search, 'any'), limit: bound + 1 });
  return Number(row!.n) > bound;
}

/** How long, and for how many circles, `crowded` remembers its answer. */
const CROWDED_MS = 60_000;
const CROWDED_CIRCLES = 1_000;
const crowdedCircles = new Map<string, { crowded: boolean; until: number }>();

/**
 * Whether a `within_miles` circle holds more than `PLAN_BOUNDS.circleGather` listings of every kind, counted on
 * the indexes alone (what a tab shows there is fewer, so a circle under the bound is gathered
 * and sorted within the bound). The answer is remembered for a minute: members of a ZIP code
 * share its center, and how crowded a town is does not change by the minute, while counting
 * 5,000 listings is most of a request's work (13 ms on PostgreSQL). Either answer gives the
 * same rows; it only chooses how they are read.
 */
async function crowded(db: Executor, circle: Circle): Promise<boolean> {
  const bound = PLAN_BOUNDS.circleGather;
  const key = `${isSqlite(db) ? 's' : 'p'} ${bound} ${circle.latitude} ${circle.longitude} ${circle.radius2}`;
  const known = crowdedCircles.get(key);
  if (known && known.until > Date.now()) return known.crowded;
  const answer = (await ownersHold(db, circle, undefined, bound + 1)) > bound;
  remember(crowdedCircles, key, { crowded: answer, until: Date.now() + CROWDED_MS }, CROWDED_CIRCLES);
  return answer;
}

/** Keeps `value` as the most recent of at most `max` entries, dropping the least recent. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * How wide the first ring of a first page of `nearest` holds about half its bound, by where the
 * viewer lives: in a town the first page is then one count and one read, not three counts of
 * halved rings first. Only a hint (rings of any width give the same rows), so never dropped.
 */
const firstRingWidths = new Map<string, number>();
const FIRST_RING_PLACES = 1_000;

/** What decides a list read's SQL; its values (`ReadValues`) are bound on each call. */
interface ReadShape {
  filters: FilterShape;
  /** What the query reads first. */
  from: Drive;
  /** Whether a search narrows it (`match`). */
  text: boolean;
  /** The within_miles circle: on the owners read first, or on each listing as the walk reaches it. */
  circle?: 'owners' | 'listings';
  /** A ring of `nearest`: the circle's owners (from where it starts), in order of nearness. */
  ring?: RingShape;
  /** Only owners without a known postcode (the end of `nearest`). */
  unlocated?: boolean;
  /** A ring or an `owners` circle whose box is wide (`isWide`). */
  wide?: boolean;
  /** PostgreSQL: the newest `recent` listings, or the older ones (`searchStreams`). */
  window?: 'recent' | 'older';
  /** With `older`: the tier of a search by relevance, told apart by the title's own index. */
  tier?: 'title' | 'notTitle';
  /** SQLite: the search's matches gathered once, each listing of the walk checked against them. */
  gathered?: boolean;
  sort: ListingSort;
  cursor?: ListingsCursor['kind'];
}

type ReadValues = FilterValues &
  Partial<Circle> & {
    match?: string;
    recent?: number;
    innerRadius2?: number;
    cursorId?: number;
    cursorPrice?: number;
    /** Rows from `offset`, at most `limit`; a count goes no further than `limit`. */
    offset: number;
    limit: number;
  };

/** The listings of the circle's owners (beyond `innerRadius2`, for a ring), nearest first. */
/**
 * The listings of the circle's owners from where the ring starts (`RingShape`; its nearness and
 * listing bound as `innerRadius2` and `cursorId`), nearest first, with their nearness.
 */
function inRing(
  q: ListingQuery,
  circle: Circle,
  { start, wide = false }: RingShape & { wide?: boolean },
  v: { innerRadius2?: number; cursorId?: number },
) {
  q = ownersWithin(q, circle, wide);
  const distance = squaredDegrees(circle);
  const d = start === 'all' ? undefined : number(v.innerRadius2!);
  if (start === 'beyond') q = q.where(sql<SqlBool>`${distance} > ${d}`);
  if (start === 'from') q = q.where(sql<SqlBool>`${distance} >= ${d}`);
  if (start === 'after') {
    // `>=` first, on the owner alone: SQLite then leaves out the owners nearer than the ring
    // before reading their listings (the `or` names the listing, so it is checked on each).
    q = q
      .where(sql<SqlBool>`${distance} >= ${d}`)
      .where(sql<SqlBool>`(${distance} > ${d} or (${distance} = ${d} and ${sql.ref('listings.id')} < ${v.cursorId!}))`);
  }
  return q.orderBy(distance).orderBy('listings.id', 'desc').select(distance.as('nearness')) as unknown as ListingQuery;
}

/** Where a ring starts: everywhere, beyond a nearness, from it (a count), or after a listing at it. */
interface RingShape {
  start: 'all' | 'beyond' | 'from' | 'after';
}

const ringShape = (start: RingStart | undefined, count = false): RingShape => ({
  start: !start ? 'all' : start.afterId === undefined ? 'beyond' : count ? 'from' : 'after',
});

/** Every list read, from its shape. */
function listRead(db: Executor, v: ReadValues, s: ReadShape) {
  const circle = v as Circle;
  const drive = s.text && s.from === 'listings' && !s.gathered ? 'matches' : s.from;
  // A page after a cursor walks the listings before it.
  const recent = s.window && { rows: v.recent!, before: s.cursor === 'id' ? v.cursorId : undefined };
  // Only a read driven by the owners, or narrowed to those without a postcode, needs them joined.
  const owner = s.from === 'owners' || !!s.unlocated;
  let q = filteredListings(db, drive, s.filters, v, s.window === 'recent' ? recent : undefined, owner);
  let id = sql.ref<number>('listings.id');
  if (s.circle) q = s.circle === 'owners' ? ownersWithin(q, circle, !!s.wide) : listingsWithin(q, circle);
  if (s.text)
    ({ q, id } = matching(db, q, v.match!, s.from === 'owners' || !!s.gathered, s.tier, s.window === 'recent'));
  if (s.window === 'older') {
    // `id + 0`, which the primary key does not serve: the older matches are gathered and sorted.
    id = sql<number>`(${sql.ref('listings.id')} + 0)`;
    const floor = sql<number>`(select min(${sql.ref('w.id')}) from (${newest(db, recent!.rows, recent!.before).select('listings.id')}) as ${sql.id('w')})`;
    q = q.where(id, '<', floor);
  }
  if (s.unlocated) q = q.where((eb) => eb.or([eb('owner.latitude', 'is', null), eb('owner.longitude', 'is', null)]));
  return s.ring ? inRing(q, circle, { ...s.ring, wide: s.wide }, v) : inOrder(q, id, s.sort, s.cursor, v);
}

// Compiled once per shape: building and compiling these queries cost as much as SQLite answering them.
/**
 * Each shape keeps to its index (see listListings), so on PostgreSQL one plan per connection
 * serves it, but for a search, a price range and a wide box (`samePlanDegrees`). A search's best
 * plan hangs on how many listings its words match, and a price range's on how many prices it
 * holds, which a plan made once cannot know: kept generic, a search in price order with a price
 * range took 114 ms a page at 1M instead of 1.1, page 20 of the bench's filters (two types, a
 * category, a price range) 1,040 ms at 100k instead of 30, and a ring of a search by nearness
 * in town 5.4 ms instead of 4.3. A search's window of the newest listings (`searchStreams`) is
 * the exception: its subquery fixes the walk whatever the words, and its words are parsed once
 * (`matching`), so one plan serves it (at 1M: 0.25–0.38 ms a read against 0.39–0.43 planned).
 */
const samePlan = {
  onePlan: (s: { wide?: boolean; text?: boolean; window?: ReadShape['window']; filters?: FilterShape }) =>
    !s.wide && (!s.text || s.window === 'recent') && !s.filters?.minPrice && !s.filters?.maxPrice,
};
const readRows = preparedQuery(
  (db, v: ReadValues, s: ReadShape) => listRead(db, v, s).offset(v.offset).limit(v.limit),
  samePlan,
);
const readCount = preparedQuery(
  (db, v: ReadValues, s: ReadShape) => counted(db, listRead(db, v, s), v.limit),
  samePlan,
);
const ownersHoldQuery = preparedQuery(
  (db, v: Circle & { innerRadius2?: number; limit: number }, ring: RingShape & { wide: boolean }) =>
    counted(db, inRing(listingIds(db, 'owners'), v, ring, v), v.limit),
  samePlan,
);

/**
 * How many listings of every kind the circle's owners hold (from where the ring starts), up to
 * `cap`, counted on the indexes alone: at least what any list can show there.
 */
async function ownersHold(db: Executor, circle: Circle, start: RingStart | undefined, cap: number) {
  const [row] = await ownersHoldQuery(
    db,
    { ...circle, innerRadius2: start?.radius2, limit: cap },
    { ...ringShape(start, true), wide: isWide(circle) },
  );
  return Number(row!.n);
}

function stream(db: Executor, shape: ReadShape, values: Omit<ReadValues, 'offset' | 'limit'>): Stream {
  return {
    count: async (cap) => Number((await readCount(db, { ...values, offset: 0, limit: cap }, shape))[0]!.n),
    rows: (offset, limit) => readRows(db, { ...values, offset, limit }, shape),
  };
}

/**
 * A search's matches newest first, as streams for `pageOfStreams`. SQLite's FTS5 hands its
 * matches out newest first. PostgreSQL's GIN index cannot: PostgreSQL either walks the listings
 * newest first, checking each, or gathers every match from the index and sorts them, and picks
 * by its estimate of how many match. That estimate fails both ways: a word as a prefix is
 * always guessed at 2% of the listings ("tomato:*" matches 12%, and it gathered and sorted
 * 100,000 rows for page 20: 290 ms), and a word's weight is ignored ("salad" in 2% of
 * descriptions and no title: it walked all million listings for the title tier, 260 ms).
 *
 * So neither is left to the estimate. The newest listings (`PLAN_BOUNDS`, by the `depth` of
 * the page: its rows and those before it) are read as a table of their own and
 * walked: a common word fills the page there. The older matches are gathered from the index
 * and sorted, which is cheap exactly when the walk did not fill the page. The tiers are told
 * apart there by the title's own index: asked of `search`'s weights, every listing holding the
 * word anywhere would be read to look at them.
 */
function searchStreams(
  db: Executor,
  shape: ReadShape,
  values: Omit<ReadValues, 'offset' | 'limit'>,
  search: SearchWords,
  scope: TextScope,
  depth: number,
): Stream[] {
  const match = searchText(db, search, scope);
  if (isSqlite(db) || shape.from === 'owners') return [stream(db, shape, { ...values, match })];
  const recent = Math.max(PLAN_BOUNDS.recentLeast, PLAN_BOUNDS.recentPerRow * depth);
  const older = scope === 'any' ? { match } : { match: searchText(db, search, 'any'), tier: scope };
  return [
    stream(db, { ...shape, window: 'recent' }, { ...values, match, recent }),
    stream(db, { ...shape, window: 'older', tier: older.tier }, { ...values, match: older.match, recent }),
  ];
}

/**
 * One page of GET /listings/. Each tab keeps to an index: mine and user_id walk
 * listings_owner_id (owner_id, id), public walks listings_public_feed (is_public,
 * is_active, id) or listings_feed_category with a category, price sorts the (price, id)
 * indexes; `q` starts from the full-text index. `within_miles` starts from the owners in its
 * box when the circle holds few listings (`PLAN_BOUNDS`), and otherwise walks the page's order
 * like the tab does. Gone listings stay on their owner's lists only: every other list leaves
 * them out.
 *
 * `relevance` puts the listings whose title holds every word first, then those that match
 * through the description too; newest first within each. Both halves are index-ordered
 * scans that stop at the page, so no search ranks every match. Every order pages by keyset
 * (`CURSOR_OF`), so a deep page costs what the first does.
 *
 * `within_miles` needs the viewer's coordinates: without them it answers 422 (a filter
 * that silently did nothing would show far-away listings as if near). `nearest` without
 * them, and `relevance` without `q`, fall back to newest.
 */
export async function listListings(
  db: Executor,
  viewerId: number,
  query: ListingsQuery,
  sign: PhotoSigner,
): Promise<ListingsPage & { listings: Listing[] }>;
export async function listListings(
  db: Executor,
  viewerId: number,
  query: ListingsQuery,
  sign: PhotoSigner,
  feed: PublicFeed,
): Promise<ListingsPage>;
export async function listListings(
  db: Executor,
  viewerId: number,
  query: ListingsQuery,
  sign: PhotoSigner,
  feed?: PublicFeed,
): Promise<ListingsPage> {
  if (feed && opensPublicFeed(query)) {
    const page = await publicFeedPage(db, feed, viewerId, query, sign);
    if (page) return page;
  }
  const viewer = feed ? (await feedViewer(db, feed, viewerId)).coordinates : await coordinatesOf(db, viewerId);
  const search = query.q ? await searchWordsOf(db, query.q) : { words: [], completions: [] };
  const words = search.words;
  let sort: ListingSort = query.sort ?? (words.length > 0 ? 'relevance' : DEFAULT_SORT);
  if (sort === 'relevance' && words.length === 0) sort = DEFAULT_SORT;
  if (sort === 'nearest' && !viewer) sort = DEFAULT_SORT;
  // One member's listings are all as near as that member: nearest first is newest first. (Read
  // in rings, those between the viewer and a seller far away were counted ring by ring.)
  const oneMember = query.mine || query.user_id !== undefined;
  if (sort === 'nearest' && oneMember) sort = DEFAULT_SORT;
  if (query.within_miles !== undefined && !viewer) throw invalidField('within_miles', LISTING_TEXTS.locationNeeded);
  // A `nearest` cursor of one member's list, handed out while it was read in rings: that order
  // was already newest first, so the page after its listing is the same.
  const cursor: ListingsCursor | undefined =
    oneMember && query.cursor?.kind === 'near' ? { kind: 'id', id: query.cursor.id } : query.cursor;
  const cursorKind = CURSOR_OF[sort];
  // A relevance offset handed out before tiers still reads.
  const readable = cursor?.kind === cursorKind || (sort === 'relevance' && cursor?.kind === 'offset');
  if (cursor && !readable) throw invalidField('cursor', LISTING_TEXTS.cursorInvalid);

  const filters = filterShape(query, viewerId, isSqlite(db), sort);
  const values = filterValues(query, viewerId);
  const text = words.length > 0;
  const match = (scope: TextScope) => (text ? { match: searchText(db, search, scope) } : {});
  const offset = cursor?.kind === 'offset' ? cursor.offset : 0;
  // One row more than the page tells whether a next page exists without counting.
  const take = query.limit + 1;
  let rows: IdRow[];
  /** Relevance: the tier of each row. */
  let tiers: (0 | 1)[] = [];
  if (sort === 'nearest' && !text && filtersRings(filters) && !(await anyMeets(db, query, viewerId))) {
    rows = [];
  } else if (sort === 'nearest') {
    const place = `${isSqlite(db) ? 's' : 'p'} ${PLAN_BOUNDS.ringPages} ${PLAN_BOUNDS.ringRows} ${viewer!.latitude} ${viewer!.longitude}`;
    const rings: Rings = {
      search: text ? (isSqlite(db) ? 'gathers' : 'eachRow') : filtersRings(filters) ? 'eachRow' : undefined,
      firstWidth: firstRingWidths.get(place),
      fitted: (width) => remember(firstRingWidths, place, width, FIRST_RING_PLACES),
      ring: ({ outer, start }) => {
        const circle = circleAround(viewer!, outer);
        return stream(
          db,
          { filters, from: 'owners', text, ring: ringShape(start), wide: isWide(circle), sort },
          { ...values, ...match('any'), ...circle, innerRadius2: start?.radius2, cursorId: start?.afterId },
        );
      },
      held: ({ outer, start }, cap) => ownersHold(db, circleAround(viewer!, outer), start, cap),
      unlocated: (beforeId) =>
        stream(
          db,
          { filters, from: 'listings', text, unlocated: true, sort: 'newest', cursor: beforeId ? 'id' : undefined },
          { ...values, ...match('any'), cursorId: beforeId },
        ),
    };
    rows = await nearestPage(rings, cursor?.kind === 'near' ? cursor : undefined, take, query.within_miles);
  } else {
    const circle = query.within_miles !== undefined ? circleAround(viewer!, query.within_miles) : undefined;
    let from: Drive = 'listings';
    if (circle && !(await crowded(db, circle))) from = 'owners';
    const shape: ReadShape = {
      filters,
      from,
      gathered: from === 'listings' && (await commonInPriceOrder(db, search, sort)),
      text,
      circle: circle && (from === 'owners' ? 'owners' : 'listings'),
      wide: from === 'owners' && isWide(circle!),
      sort,
      cursor: cursor?.kind,
    };
    const after = { cursorId: cursorId(cursor), cursorPrice: cursor?.kind === 'price' ? cursor.price : undefined };
    const searched = (scope: TextScope, more: Partial<ReadValues>, readShape = shape) =>
      searchStreams(db, readShape, { ...values, ...circle, ...more }, search, scope, offset + take);
    if (sort === 'relevance') {
      // After a tier cursor: the rest of its tier (older than its listing), then the tiers after it.
      const at = cursor?.kind === 'tier' ? cursor : undefined;
      const streams = (['title', 'notTitle'] as const).flatMap((scope, tier) => {
        if (at && tier < at.tier) return [];
        const resumed = at?.tier === tier;
        const read = searched(scope, resumed ? { cursorId: at.id } : {}, {
          ...shape,
          cursor: resumed ? 'id' : undefined,
        });
        return read.map((stream) => ({ stream, tier: tier as 0 | 1 }));
      });
      const page = await pageOfStreams(
        streams.map((s) => s.stream),
        offset,
        take,
      );
      rows = page.rows;
      tiers = page.from.map((i) => streams[i]!.tier);
    } else if (text && sort === 'newest') {
      rows = (await pageOfStreams(searched('any', after), 0, take)).rows;
    } else {
      rows = await stream(db, shape, { ...values, ...circle, ...match('any'), ...after }).rows(0, take);
    }
  }
  return pageOf(rows, query.limit, cursorKind, tiers, async (ids) => {
    const read = await listRows(db, ids, feed);
    return { rows: read, listings: read.map((row) => toListing(row, viewer, sign)) };
  });
}

/**
 * The page of `rows` (one more than `limit` when a next page follows) and its next cursor, its
 * listings made by `listingsOf` from their ids. A listing deleted since its id was read is left
 * out, as it would be from a page read a moment later.
 */
async function pageOf(
  rows: IdRow[],
  limit: number,
  cursorKind: Exclude<ListingsCursor['kind'], 'offset'>,
  tiers: (0 | 1)[],
  listingsOf: (ids: number[]) => Promise<{ rows: ListingRow[]; listings: Listing[] }>,
): Promise<ListingsPage> {
  const shown = rows.slice(0, limit);
  const read = await listingsOf(shown.map((row) => row.id));
  const last = shown.at(-1);
  if (rows.length <= limit || !last) return read;
  const at = { tier: tiers[shown.length - 1] ?? 0, nearness: last.nearness, width: last.ringWidth };
  return { ...read, next: encodeCursor(nextCursor(cursorKind, last, at)) };
}

/** How many ids one read of rows takes at most; fewer are padded to a power of two (`readListingRows`). */
const ROWS_PER_READ = 256;

const selectRows = preparedQuery(
  (db, v: Record<string, number>, count: number) =>
    listingSelect(db, 'keys').where(
      'listings.id',
      'in',
      Array.from({ length: count }, (_, i) => v[`id${i}`]!),
    ),
  { onePlan: true },
);

/**
 * The rows of these listings, by id, whoever may see them: the list's query of ids has decided
 * that. Padded to a power of two with the last id, so a handful of statements serve every page
 * size, each prepared once.
 */
async function readListingRows(db: Executor, ids: number[]): Promise<Map<number, ListingRow>> {
  const byId = new Map<number, ListingRow>();
  for (let start = 0; start < ids.length; start += ROWS_PER_READ) {
    const chunk = ids.slice(start, start + ROWS_PER_READ);
    const count = 2 ** Math.ceil(Math.log2(chunk.length));
    const values: Record<string, number> = {};
    for (let i = 0; i < count; i++) values[`id${i}`] = chunk[Math.min(i, chunk.length - 1)]!;
    for (const row of await selectRows(db, values, count)) {
      // PostgreSQL's timestamps arrive as Dates: made ISO once here, not each time a shared
      // row is answered (toISOString was the costliest call of a list page served from them).
      row.renewed_at = toIso(row.renewed_at);
      row.created_at = toIso(row.created_at);
      row.updated_at = toIso(row.updated_at);
      byId.set(row.id, row);
    }
  }
  return byId;
}

/**
 * The rows of a page's listings in the order of `ids`, from what `feed` shares when given
 * (`PublicFeed.listRows`). A listing deleted since its id was read is left out.
 */
async function listRows(db: Executor, ids: number[], feed?: PublicFeed): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const read = await (feed ? feed.listRows(ids, (missing) => readListingRows(db, missing)) : readListingRows(db, ids));
  return ids.flatMap((id) => read.get(id) ?? []);
}

/**
 * The public feed newest first, narrowed by nothing else: what `PublicFeed` shares, its first
 * page and those after it as far as the head reaches.
 */
const opensPublicFeed = (query: ListingsQuery) =>
  !!query.public &&
  !query.mine &&
  !query.friends &&
  query.user_id === undefined &&
  !query.q &&
  !query.type_id?.length &&
  query.category_id === undefined &&
  query.min_price === undefined &&
  query.max_price === undefined &&
  query.within_miles === undefined &&
  (query.cursor === undefined || query.cursor.kind === 'id') &&
  (query.sort === undefined || query.sort === 'newest');

/**
 * A page of the viewer's public feed from what `feed` shares: the newest open listings (older
 * than the cursor's) less the viewer's own and those of members blocked either way, which is
 * what the visibility rule and the public tab leave of them. Undefined when the head holds too
 * few of them for the page (a cursor deep in the feed, or a viewer who blocks many of its
 * members): that page is read as usual.
 */
async function publicFeedPage(
  db: Executor,
  feed: PublicFeed,
  viewerId: number,
  query: ListingsQuery,
  sign: PhotoSigner,
): Promise<ListingsPage | undefined> {
  const shape: ReadShape = {
    filters: filterShape(query, NOBODY, isSqlite(db), 'newest'),
    from: 'listings',
    text: false,
    sort: 'newest',
  };
  const head = await feed.head(async (rows) => {
    const ids = (await stream(db, shape, { viewerId: NOBODY }).rows(0, rows)).map((row) => row.id);
    return listRows(db, ids, feed);
  });
  const before = query.cursor?.kind === 'id' ? query.cursor.id : Infinity;
  // A cursor past the head's oldest listing: nothing of the viewer is worth reading.
  const oldest = head.rows.at(-1);
  if (!head.complete && (!oldest || before <= oldest.id)) return undefined;
  const viewer = await feedViewer(db, feed, viewerId);
  const take = query.limit + 1;
  const rows = head.rows
    .filter((row) => row.id < before && row.owner_id !== viewerId && !viewer.blocked.has(row.owner_id))
    .slice(0, take);
  if (rows.length < take && !head.complete) return undefined;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    next: rows.length > query.limit && last ? encodeCursor({ kind: 'id', id: last.id }) : undefined,
    shared: { head, rows: shown, viewer, listings: () => shown.map((row) => toListing(row, viewer.coordinates, sign)) },
  };
}

/** How each order pages. */
const CURSOR_OF: Record<ListingSort, Exclude<ListingsCursor['kind'], 'offset'>> = {
  newest: 'id',
  oldest: 'id',
  highest: 'price',
  lowest: 'price',
  relevance: 'tier',
  nearest: 'near',
};

/** The cursor after `last` (every order pages by keyset; `offset` is only read, from before). */
function nextCursor(
  kind: Exclude<ListingsCursor['kind'], 'offset'>,
  last: IdRow,
  at: { tier: 0 | 1; nearness?: number; width?: number },
): ListingsCursor {
  if (kind === 'price') return { kind, price: Number(last.price), id: last.id };
  if (kind === 'tier') return { kind, tier: at.tier, id: last.id };
  if (kind === 'near') {
    if (at.nearness === undefined) return { kind, id: last.id };
    return { kind, id: last.id, nearness: at.nearness, ...(at.width ? { width: at.width } : {}) };
  }
  return { kind, id: last.id };
}

/** Inserts a member's new listing, with its photo's paths when one was uploaded. */
export async function insertListing(
  db: Executor,
  ownerId: number,
  input: CreateListingInput,
  image?: { image: string; thumbnail: string },
): Promise<number> {
  const row = await db
    .insertInto('listings')
    .values({
      owner_id: ownerId,
      title: input.title,
      description: input.description,
      price: input.price,
      is_active: input.is_active ? 1 : 0,
      is_public: input.is_public ? 1 : 0,
      type_id: input.type_id,
      state_id: input.state_id,
      category_id: input.category_id,
      featured_image: image?.image ?? null,
      thumbnail: image?.thumbnail ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (image) await insertCoverPhoto(db, row.id, image);
  return row.id;
}

/**
 * Stamps `updated_at` on one of the owner's listings and returns what it held. Writing
 * first takes the row lock on PostgreSQL (SQLite runs one writer at a time anyway), so
 * what the caller reads cannot change under it until the transaction ends.
 */
function lockOwnListing(trx: Executor, ownerId: number, id: number) {
  return trx
    .updateTable('listings')
    .set({ updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(['type_id', 'price', 'featured_image', 'thumbnail', 'state_id', 'reserved_for_id'])
    .executeTakeFirst();
}

export type UpdateResult =
  /** `unreservedFor`: the member the listing was reserved for until this edit moved it off Reserved. */
  | { ok: true; unreservedFor: number | null }
  | { ok: false; field: 'price' | 'state_id'; problem: string }
  /** A handed-over listing cannot come back: its trade says it changed hands. */
  | { ok: false; conflict: string }
  | undefined;

/**
 * Whether a status set by hand agrees with the trade: Reserved only through "Reserve for …"
 * (so it stays when already reserved and is refused otherwise), and a listing handed over
 * through a trade stays Gone. Any other change is allowed: Gone without a trade is a sale
 * outside the app.
 */
async function stateProblem(
  trx: Executor,
  id: number,
  current: { state_id: number },
  next: number | undefined,
): Promise<Exclude<UpdateResult, { ok: true } | undefined> | undefined> {
  if (next === undefined || next === current.state_id) return undefined;
  if (next === LISTING_STATES.reserved)
    return { ok: false, field: 'state_id', problem: TRADE_TEXTS.reserveThroughTrade };
  if (current.state_id === LISTING_STATES.gone) {
    const trade = await trx.selectFrom('trades').select('id').where('listing_id', '=', id).executeTakeFirst();
    if (trade) return { ok: false, conflict: TRADE_TEXTS.listingGone };
  }
  return undefined;
}

/**
 * Applies an owner's edit. The price rule is checked against the listing as it will be
 * (stored type and price merged with the change); a non-sell listing stores price 0.
 * Undefined when the owner has no such listing.
 */
export function updateOwnListing(
  db: DB,
  ownerId: number,
  id: number,
  patch: UpdateListingInput,
): Promise<UpdateResult> {
  return db.transaction().execute(async (trx) => {
    const current = await lockOwnListing(trx, ownerId, id);
    if (!current) return undefined;
    const typeId = patch.type_id ?? current.type_id;
    const price = patch.price ?? Number(current.price);
    const problem = priceProblem(typeId, price);
    if (problem) return { ok: false, field: 'price', problem };
    const refused = await stateProblem(trx, id, current, patch.state_id);
    if (refused) return refused;
    // Leaving Reserved (to Available or Gone) ends the reservation, as un-reserving does.
    const unreserve =
      patch.state_id !== undefined &&
      patch.state_id !== LISTING_STATES.reserved &&
      current.state_id === LISTING_STATES.reserved;
    const { is_active, is_public, ...fields } = patch;
    await trx
      .updateTable('listings')
      .set({
        ...fields,
        ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }),
        ...(is_public === undefined ? {} : { is_public: is_public ? 1 : 0 }),
        ...(unreserve ? { reserved_for_id: null, pickup_note: null } : {}),
        type_id: typeId,
        price: storedPrice(typeId, price),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return { ok: true, unreservedFor: unreserve ? current.reserved_for_id : null };
  });
}

/** Public or friends only, for one of the owner's listings; false when there is none. */
export async function setListingVisibility(db: Executor, ownerId: number, id: number, isPublic: boolean) {
  const result = await db
    .updateTable('listings')
    .set({ is_public: isPublic ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
