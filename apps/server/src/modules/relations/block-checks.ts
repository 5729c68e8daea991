import { preparedQuery } from '../../db/prepared-query.js';
import type { Executor } from '../../db/schema.js';

/** Whether either member has blocked the other. */
export async function isBlockedPair(db: Executor, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

const selectBlockedEitherWay = preparedQuery(
  (db, { memberId }: { memberId: number }) =>
    db
      .selectFrom('blocks')
      .select('blocked_id as id')
      .where('blocker_id', '=', memberId)
      .unionAll(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', memberId)),
  { onePlan: true },
);

/** The members `memberId` has blocked or is blocked by. */
export async function blockedEitherWayIds(db: Executor, memberId: number): Promise<Set<number>> {
  return new Set((await selectBlockedEitherWay(db, { memberId })).map((row) => row.id));
}
