import { type ExpressionBuilder, type Expression, type SqlBool, expressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<Database, any>;

/**
 * True when either member has blocked the other. `other` may be a column (a listing's owner)
 * or a value. Both directions are served by an index (the primary key and blocks_blocked).
 */
export function blockedEitherWay(
  viewerId: number,
  other: Expression<number> | number,
  eb: AnyEb = expressionBuilder<Database>(),
): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('blocks')
      .select('blocks.blocker_id')
      .where((b) =>
        b.or([
          b.and([b('blocks.blocker_id', '=', viewerId), b('blocks.blocked_id', '=', other)]),
          b.and([b('blocks.blocker_id', '=', other), b('blocks.blocked_id', '=', viewerId)]),
        ]),
      ),
  );
}

/**
 * Subquery: every member either way blocked with `memberId` (each column is NOT NULL, so
 * `NOT IN` it says what `NOT blockedEitherWay` does). A rule checked on many rows wants this
 * form: PostgreSQL reads it once into a hash (two index probes per row otherwise: the friends
 * tab at a million listings, 5.5 ms against 2.6).
 */
export function blockedIdsOf(memberId: number, eb: AnyEb = expressionBuilder<Database>()) {
  return eb
    .selectFrom('blocks')
    .select('blocks.blocked_id as id')
    .where('blocks.blocker_id', '=', memberId)
    .unionAll(eb.selectFrom('blocks').select('blocks.blocker_id as id').where('blocks.blocked_id', '=', memberId));
}
