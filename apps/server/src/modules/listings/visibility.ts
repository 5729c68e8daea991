import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { blockedIdsOf } from '../relations/index.js';
import { friendIdsOf } from '../relations/index.js';

/**
 * THE visibility rule; every read path of listings goes through it.
 * Viewer V sees listing L iff L is V's own, or L is active, not hidden by a moderator, its owner
 * is not suspended, neither of V and its owner has blocked the other, and L is either public or
 * owned by an accepted friend of V. Hiding and suspension are flags on the listing's own row
 * (kept in step by moderation), so the rule never joins the owner.
 *
 * "L is V's own" compares `owner_id + 0`, which no index serves, on purpose: a rule whose
 * every branch an index serves may be read as a union of index lookups (V's own, every public
 * listing, every friend's) that is then sorted whole, and on a poor row estimate SQLite picks
 * that for a page of a feed. Checked row by row instead, the rule lets a list walk its order's
 * index and stop at the page; the lists that want the owner index (mine, a seller's) name the
 * owner apart.
 */
export function visibleTo(viewerId: number) {
  return (eb: ExpressionBuilder<Database, 'listings'>) =>
    eb.or([
      eb(eb('listings.owner_id', '+', 0), '=', viewerId),
      eb.and([
        eb('listings.is_active', '=', 1),
        eb('listings.hidden_reason', 'is', null),
        eb('listings.owner_suspended', '=', 0),
        eb('listings.owner_id', 'not in', blockedIdsOf(viewerId, eb)),
        eb.or([eb('listings.is_public', '=', 1), eb('listings.owner_id', 'in', friendIdsOf(viewerId, eb))]),
      ]),
    ]);
}

/** The listing's columns `openToEveryone` reads. */
export interface OpenColumns {
  is_public: number;
  is_active: number;
  hidden_reason: string | null;
  owner_suspended: number;
}

/**
 * Whether every member may see the listing (public, active, neither hidden nor its owner
 * suspended): then its photos are served to anyone at their plain path.
 */
export const openToEveryone = (row: OpenColumns) =>
  row.is_public === 1 && row.is_active === 1 && row.hidden_reason === null && row.owner_suspended === 0;

/**
 * No member: what is visible to nobody is every open listing, whoever its owner, with
 * no one blocked. Ids start at 1.
 */
export const NOBODY = 0;
