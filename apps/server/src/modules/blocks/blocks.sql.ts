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
