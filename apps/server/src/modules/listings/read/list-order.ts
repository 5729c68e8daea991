import type { ListingSort, ListingsCursor } from '@gardenswap/shared';
import { sql } from 'kysely';
import type { ListingQuery } from './listing-row.js';
import type { IdRow } from './row-stream.js';

export const DEFAULT_SORT: ListingSort = 'newest';

export const cursorId = (cursor: ListingsCursor | undefined) =>
  cursor?.kind === 'id' || cursor?.kind === 'price' ? cursor.id : undefined;

/** A list in a plain order (newest, oldest, by price) from just after its cursor. */
export function inOrder(
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

/** How each order pages. */
export const CURSOR_OF: Record<ListingSort, Exclude<ListingsCursor['kind'], 'offset'>> = {
  newest: 'id',
  oldest: 'id',
  highest: 'price',
  lowest: 'price',
  relevance: 'tier',
  nearest: 'near',
};

/** The cursor after `last` (every order pages by keyset; `offset` is only read, from before). */
export function nextCursor(
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
