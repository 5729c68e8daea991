import type { Executor } from '../../db/schema.js';

/**
 * Whether someone with this id can be talked to: a member, not the stand-in of a deleted one
 * (who can be neither messaged nor blocked).
 */
export async function memberExists(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
