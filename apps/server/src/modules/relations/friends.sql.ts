import { type ExpressionBuilder, expressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<Database, any>;

/** Subquery: the ids of a member's accepted friends. Both halves are served by an index. */
export function friendIdsOf(userId: number, eb: AnyEb = expressionBuilder<Database>()) {
  return eb
    .selectFrom('friendships')
    .select('friendships.user_high as id')
    .where('friendships.user_low', '=', userId)
    .where('friendships.status', '=', 'accepted')
    .union(
      eb
        .selectFrom('friendships')
        .select('friendships.user_low as id')
        .where('friendships.user_high', '=', userId)
        .where('friendships.status', '=', 'accepted'),
    );
}

/**
 * `friend_count` of the member in `users.id`, counted when read so it is always right,
 * whatever requests were racing.
 */
export function friendCountOf(eb: ExpressionBuilder<Database, 'users'>) {
  const side = (column: 'user_low' | 'user_high') =>
    eb
      .selectFrom('friendships as fc')
      .select((f) => f.fn.countAll<number>().as('n'))
      .where(`fc.${column}`, '=', eb.ref('users.id'))
      .where('fc.status', '=', 'accepted');
  return eb(side('user_low'), '+', side('user_high'));
}

/** The pair columns of a friendship row between two members. */
export function pairOf(a: number, b: number) {
  return a < b ? { user_low: a, user_high: b } : { user_low: b, user_high: a };
}
