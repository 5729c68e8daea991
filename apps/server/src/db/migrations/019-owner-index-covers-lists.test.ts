import { ListingsQuerySchema, SEED_LOT_FIELDS } from '@gardenswap/shared';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo, dialect } from '../../../test/app.js';
import { befriend, insertMember, listingRow } from '../../../test/factories.js';
import { ListPlanner, listListings } from '../../modules/listings/index.js';
import { connectDatabase } from '../connect.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('018-title-search-index');
});
afterAll(() => migrated?.close());

/** Lists driven by owners: the friends tab, a seller's list, `nearest` (its rings walk the owners in a circle). */
const OWNER_LISTS = ['friends=true', 'user_id=SELLER', 'sort=nearest'];

/** What each list answers the viewer, and the statements it ran to find its page's ids. */
async function readLists(viewerId: number, sellerId: number) {
  const statements: CompiledQuery[] = [];
  const { db } = connectDatabase(migrated.config.database, { log: (event) => void statements.push(event.query) });
  try {
    const answers: string[][] = [];
    for (const list of OWNER_LISTS) {
      const query = ListingsQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(list.replace('SELLER', String(sellerId)))),
      );
      const page = await listListings(db, viewerId, query, (p) => p, { planner: new ListPlanner() });
      answers.push(page.listings.map((l) => l.title));
    }
    // The reads that decide which listings a page keeps (the rows are then read by id).
    const idReads = statements.filter((s) => /owner_id/.test(s.sql) && !/"listings"\."title"/.test(s.sql));
    return { answers, idReads };
  } finally {
    await db.destroy();
  }
}

/** SQLite's plan of each statement, as one line per step. */
async function sqlitePlans(statements: CompiledQuery[]) {
  const plans: string[] = [];
  for (const s of statements) {
    const { rows } = await migrated.db.executeQuery<{ detail: string }>({
      ...s,
      sql: `explain query plan ${s.sql}`,
    } as CompiledQuery<{ detail: string }>);
    plans.push(rows.map((r) => r.detail).join('\n'));
  }
  return plans;
}

/**
 * Today's reads take a seed lot's columns too (migration 027), which a database at 018 lacks:
 * for the read before the migration they are added, empty, and dropped again after it.
 */
async function withSeedLotColumns<T>(read: () => Promise<T>): Promise<T> {
  for (const column of SEED_LOT_FIELDS)
    await migrated.db.schema.alterTable('listings').addColumn(column, 'text').execute();
  try {
    return await read();
  } finally {
    for (const column of SEED_LOT_FIELDS) await migrated.db.schema.alterTable('listings').dropColumn(column).execute();
  }
}

const indexDefinition = async () =>
  dialect === 'sqlite'
    ? (
        await sql<{ d: string }>`select sql as d from sqlite_master where name = 'listings_owner_id'`.execute(
          migrated.db,
        )
      ).rows[0]?.d
    : (
        await sql<{
          d: string;
        }>`select indexdef as d from pg_indexes where indexname = 'listings_owner_id' and schemaname = current_schema()`.execute(
          migrated.db,
        )
      ).rows[0]?.d;

describe('migration 019: the owner index holds what owner-driven lists read', () => {
  it('keeps each list answering the same, and SQLite then decides on each listing from the index alone', async () => {
    const viewer = await insertMember(migrated, { username: 'covered-viewer' });
    const friend = await insertMember(migrated, { username: 'covered-friend' });
    const stranger = await insertMember(migrated, { username: 'covered-stranger' });
    await befriend(migrated, viewer, friend);
    for (const [member, latitude] of [
      [viewer, 40.76],
      [friend, 40.77],
      [stranger, 40.9],
    ] as const) {
      await migrated.db
        .updateTable('users')
        .set({ latitude, longitude: -111.89 })
        .where('id', '=', member.id)
        .execute();
    }
    const rows = [
      { ...listingRow(friend.id, 'Friend: kale'), is_public: 0 },
      listingRow(friend.id, 'Friend: chard'),
      { ...listingRow(friend.id, 'Friend: gone beans'), is_active: 0 },
      { ...listingRow(friend.id, 'Friend: hidden leeks'), hidden_reason: 'reported' },
      listingRow(stranger.id, 'Stranger: plums'),
      { ...listingRow(stranger.id, 'Stranger: private figs'), is_public: 0 },
    ];
    for (const row of rows) await migrated.db.insertInto('listings').values(row).execute();

    const before = await withSeedLotColumns(() => readLists(viewer.id, stranger.id));
    const plansBefore = dialect === 'sqlite' ? await sqlitePlans(before.idReads) : [];
    expect(await indexDefinition()).not.toMatch(/is_active/);
    await migrateToLatest(migrated.db);
    expect(await indexDefinition()).toMatch(
      /owner_id.*id.*is_active.*is_public.*state_id.*owner_suspended.*hidden_reason/,
    );

    const after = await readLists(viewer.id, stranger.id);
    expect(after.answers).toEqual(before.answers);
    expect(after.answers).toEqual([
      ['Friend: chard', 'Friend: kale'],
      ['Stranger: plums'],
      ['Friend: chard', 'Friend: kale', 'Stranger: plums'],
    ]);

    if (dialect === 'sqlite') {
      // Each list reads the owner index; only after the migration does it read nothing else of a listing.
      const plansAfter = await sqlitePlans(after.idReads);
      expect(plansBefore.some((p) => /USING INDEX listings_owner_id/.test(p))).toBe(true);
      const ownerReads = plansAfter.filter((p) => /listings_owner_id/.test(p));
      expect(ownerReads.length).toBeGreaterThanOrEqual(OWNER_LISTS.length);
      for (const plan of ownerReads) expect(plan).toMatch(/USING COVERING INDEX listings_owner_id/);
    }
  });
});
