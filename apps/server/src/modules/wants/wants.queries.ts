import { type CreateWantInput, WANTS_PER_CATEGORY, type Want } from '@gardenswap/shared';
import { isSqlite } from '../../db/dialect.js';
import { type DB, type Executor, toIso } from '../../db/schema.js';

const columns = ['id', 'title', 'category_id', 'user_id', 'created_at'] as const;

const toWant = (row: {
  id: number;
  title: string;
  category_id: number;
  user_id: number;
  created_at: string | Date;
}): Want => ({
  ...row,
  created_at: toIso(row.created_at),
});

/** A member's want list, grouped by category, oldest first within one. */
export async function listWants(db: Executor, userId: number): Promise<Want[]> {
  const rows = await db
    .selectFrom('want_listings')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('category_id')
    .orderBy('id')
    .execute();
  return rows.map(toWant);
}

/**
 * Adds a want item unless the member already has the most a category allows;
 * undefined when the limit is reached. The count and the insert must not interleave with
 * another request of the same member, or two racing posts could both see room for one.
 */
export function insertWantWithinLimit(db: DB, userId: number, input: CreateWantInput): Promise<Want | undefined> {
  return db.transaction().execute(async (trx) => {
    // SQLite: the one connection runs one transaction at a time, so nothing can slip in
    // between count and insert. PostgreSQL: concurrent transactions would each count the
    // same rows, so lock the member's row first; that queues only this member's posts.
    if (!isSqlite(trx)) {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    }
    const { n } = await trx
      .selectFrom('want_listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('category_id', '=', input.category_id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= WANTS_PER_CATEGORY) return undefined;
    const row = await trx
      .insertInto('want_listings')
      .values({ user_id: userId, title: input.title, category_id: input.category_id })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toWant(row);
  });
}

/** One of the member's own items as swaps match on it; undefined when it is missing or someone else's. */
export function ownWant(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('want_listings')
    .select(['id', 'title', 'category_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Renames one of the member's own items; undefined when it is missing or someone else's. */
export async function updateWantTitle(db: Executor, id: number, userId: number, title: string) {
  const row = await db
    .updateTable('want_listings')
    .set({ title })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
  return row && toWant(row);
}

/** Deletes one of the member's own items; false when it is missing or someone else's. */
export async function deleteWant(db: Executor, id: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('want_listings')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
