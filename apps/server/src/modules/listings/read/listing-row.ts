import type { Listing } from '@gardenswap/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../../db/schema.js';
import { toIso } from '../../../db/schema.js';
import { isSqlite } from '../../../db/dialect.js';
import { type Coordinates, distanceMiles } from '../../../lib/geo.js';
import { MEMBER_CARD_COLUMNS } from '../../gardeners/gardeners.queries.js';
import type { PhotoSigner } from '../../images/photo-urls.js';
import { seedLotOf } from '../seed-lot-columns.js';

/**
 * What a query reads first: listings in its order, the owners in a box, a search's matches, or
 * listings by key (`keys`: a page's rows, read by id).
 */
export type Drive = 'listings' | 'owners' | 'matches' | 'keys';

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
    'listings.variety',
    'listings.packed_year',
    'listings.pollination',
    'listings.organic',
    'listings.quantity',
    'listings.can_mail',
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
 * `inRing`), in the list's order: its rows are read after (`listRows`). Making a page's columns
 * into values cost SQLite more than finding its rows did. The owners are joined only when the
 * list asks where they live (`owner`): the visibility rule and the filters read the listing's own
 * columns, and joining every listing the friends tab reads (all its friends') to its owner, to
 * keep fifty, was a large share of SQLite's read.
 */
export function listingIds(db: Executor, from: Drive = 'listings', recent?: Recent, owner = true) {
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
    // member to join fifty listings to their owners; `limit 1` keeps the lookup from being
    // flattened into that join. It takes only what `listingSelect` shows of an owner: carrying
    // the whole row made the read noticeably dearer.
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
export function newest(db: Executor, recent: number, before?: number) {
  const q = db.selectFrom('listings').selectAll();
  return db.selectFrom(
    (before === undefined ? q : q.where('id', '<', before)).orderBy('id', 'desc').limit(recent).as('listings'),
  );
}

/** Only the newest listings (see `newest`). */
export type Recent = { rows: number; before?: number };

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
    ...seedLotOf(row),
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

export type ListingQuery = ReturnType<typeof listingIds>;
