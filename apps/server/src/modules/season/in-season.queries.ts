import { CATEGORIES, LISTING_STATES, produceOf } from '@gardenswap/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import type { Coordinates } from '../../lib/geo.js';
import { type Circle, livesWithin } from '../listings/index.js';
import { friendIdsOf } from '../relations/index.js';

/** The produce counts of one postcode centre, by crop. */
export type PointCounts = Map<string, number>;
/** Every centre's counts, by `latitude,longitude`. */
export type AllCounts = Map<string, { point: Coordinates; crops: PointCounts }>;

const pointKey = (p: Coordinates) => `${p.latitude},${p.longitude}`;

/**
 * A listing "in season near you" may count: produce, listed since `since`, on offer (active, not
 * gone), neither hidden nor its owner suspended. Whether the viewer may see it is the caller's.
 */
function countable(eb: ExpressionBuilder<Database, 'listings'>, since: string) {
  return eb.and([
    eb('listings.category_id', '=', CATEGORIES.produce),
    eb('listings.created_at', '>=', since),
    eb('listings.is_active', '=', 1),
    eb('listings.state_id', '<>', LISTING_STATES.gone),
    eb('listings.hidden_reason', 'is', null),
    eb('listings.owner_suspended', '=', 0),
  ]);
}

/** Adds a listing's title to a tally, if it names a kind of produce. */
function tally(counts: PointCounts, title: string, by = 1) {
  const produce = produceOf(title);
  if (produce) counts.set(produce.crop, (counts.get(produce.crop) ?? 0) + by);
}

/**
 * The counts of every centre from the open listings (public, and countable) listed since `since`:
 * what everyone may see, which is what the table keeps. Read through listings_category_created.
 */
export async function countAllOpen(db: Executor, since: string): Promise<AllCounts> {
  const rows = await db
    .selectFrom('listings')
    .innerJoin('users as owner', 'owner.id', 'listings.owner_id')
    .select(['owner.latitude', 'owner.longitude', 'listings.title'])
    .where((eb) => countable(eb, since))
    .where('listings.is_public', '=', 1)
    .where('owner.latitude', 'is not', null)
    .where('owner.longitude', 'is not', null)
    .execute();
  const all: AllCounts = new Map();
  for (const row of rows) {
    const point = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
    const key = pointKey(point);
    const entry = all.get(key) ?? { point, crops: new Map() };
    all.set(key, entry);
    tally(entry.crops, row.title);
  }
  return all;
}

/** The counts of one centre, as `countAllOpen` counts it: the listings of the owners living there. */
export async function countOpenAt(db: Executor, point: Coordinates, since: string): Promise<PointCounts> {
  const rows = await db
    .selectFrom('users as owner')
    .innerJoin('listings', 'listings.owner_id', 'owner.id')
    .select('listings.title')
    .where('owner.latitude', '=', point.latitude)
    .where('owner.longitude', '=', point.longitude)
    .where((eb) => countable(eb, since))
    .where('listings.is_public', '=', 1)
    .execute();
  const counts: PointCounts = new Map();
  for (const row of rows) tally(counts, row.title);
  return counts;
}

/** Where a member lives (their postcode's centre), or null while unknown or gone. */
export async function pointOf(db: Executor, memberId: number): Promise<Coordinates | null> {
  const row = await db
    .selectFrom('users')
    .select(['latitude', 'longitude'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row && row.latitude !== null && row.longitude !== null
    ? { latitude: Number(row.latitude), longitude: Number(row.longitude) }
    : null;
}

const BATCH = 500;

/** Writes centres' counts over what the table held for them; a row that races another write wins or loses whole. */
async function upsert(db: Executor, rows: { latitude: number; longitude: number; crop: string; listings: number }[]) {
  for (let at = 0; at < rows.length; at += BATCH) {
    await db
      .insertInto('in_season')
      .values(rows.slice(at, at + BATCH))
      .onConflict((oc) =>
        oc.columns(['latitude', 'longitude', 'crop']).doUpdateSet({ listings: (eb) => eb.ref('excluded.listings') }),
      )
      .execute();
  }
}

const rowsOf = (point: Coordinates, crops: PointCounts) =>
  [...crops].map(([crop, listings]) => ({ latitude: point.latitude, longitude: point.longitude, crop, listings }));

/** Replaces the whole table with fresh counts, in one transaction (readers see the old or the new). */
export async function replaceAll(db: Executor, all: AllCounts) {
  // Nothing counted and nothing kept (a marketplace with no recent produce): no write at all.
  if (all.size === 0 && !(await db.selectFrom('in_season').select('crop').limit(1).executeTakeFirst())) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('in_season').execute();
    await upsert(
      trx,
      [...all.values()].flatMap(({ point, crops }) => rowsOf(point, crops)),
    );
  });
}

/** Replaces one centre's counts. */
export async function replaceAt(db: Executor, point: Coordinates, crops: PointCounts) {
  if (crops.size === 0) {
    // Nothing to keep there: one statement, no transaction.
    await db
      .deleteFrom('in_season')
      .where('latitude', '=', point.latitude)
      .where('longitude', '=', point.longitude)
      .execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('in_season')
      .where('latitude', '=', point.latitude)
      .where('longitude', '=', point.longitude)
      .where('crop', 'not in', [...crops.keys()])
      .execute();
    await upsert(trx, rowsOf(point, crops));
  });
}

/** The kept counts of every centre within the circle, summed by crop. */
export async function keptWithin(db: Executor, circle: Circle): Promise<PointCounts> {
  const rows = await db
    .selectFrom('in_season')
    .select(['crop', (eb) => eb.fn.sum<number | string>('listings').as('listings')])
    .where(livesWithin('in_season', circle))
    .groupBy('crop')
    .execute();
  return new Map(rows.map((row) => [row.crop, Number(row.listings)]));
}

/**
 * What sets one viewer's counts apart from the kept ones, within the circle: their own and their
 * friends' listings that are not public (the viewer sees them; the table does not keep them), and
 * the public ones of members blocked either way (kept, but the viewer never sees them). Each is
 * read through the owner index, for the few members concerned.
 */
export async function viewerDifference(
  db: Executor,
  viewerId: number,
  blocked: ReadonlySet<number>,
  circle: Circle,
  since: string,
): Promise<PointCounts> {
  const difference: PointCounts = new Map();
  const ofOwnersWithin = () =>
    db
      .selectFrom('listings')
      .innerJoin('users as owner', 'owner.id', 'listings.owner_id')
      .select('listings.title')
      .where((eb) => countable(eb, since))
      .where(livesWithin('owner', circle));
  // The owners read apart, as ids the owner index looks up: a subquery of friends in an `or` let
  // PostgreSQL walk every recent produce listing instead, 60 ms at a million.
  const friends = await db.selectFrom(friendIdsOf(viewerId).as('friend')).select('friend.id').execute();
  const seen = [viewerId, ...friends.map((f) => f.id).filter((id) => !blocked.has(id))];
  const notPublic = await ofOwnersWithin()
    .where('listings.owner_id', 'in', seen)
    .where('listings.is_public', '=', 0)
    .execute();
  for (const row of notPublic) tally(difference, row.title);
  if (blocked.size) {
    const unseen = await ofOwnersWithin()
      .where('listings.owner_id', 'in', [...blocked])
      .where('listings.is_public', '=', 1)
      .execute();
    for (const row of unseen) tally(difference, row.title, -1);
  }
  return difference;
}
