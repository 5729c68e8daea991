import { LISTING_STATES, type Listing } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { coordinatesOf, listingSelect, toListing } from '../listings/index.js';
import { visibleTo } from '../listings/index.js';
import { wordRuleOf } from '../../lib/word-rule.js';
import { titlesMatch } from './matcher.js';

/** How many of the newest visible listings of the category are compared with a want. */
const SCAN = 500;
/** How many matches a want shows at once. */
const SHOW = 20;

/**
 * The listings a member can see now (the one visibility rule) that match one of their own
 * wants: same category, not their own, not gone; titles compared by the matcher.
 * Undefined when the want is not theirs.
 */
export async function matchesOfWant(
  db: Executor,
  userId: number,
  wantId: number,
  sign: PhotoSigner,
): Promise<Listing[] | undefined> {
  const want = await db
    .selectFrom('want_listings')
    .select(['title', 'category_id'])
    .where('id', '=', wantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!want) return undefined;
  const rows = await listingSelect(db)
    .where('listings.category_id', '=', want.category_id)
    .where('listings.owner_id', '<>', userId)
    .where('listings.state_id', '<>', LISTING_STATES.gone)
    .where(visibleTo(userId))
    .orderBy('listings.id', 'desc')
    .limit(SCAN)
    .execute();
  const viewer = await coordinatesOf(db, userId);
  return rows
    .filter((row) => titlesMatch(want.title, row.title, wordRuleOf(db)))
    .slice(0, SHOW)
    .map((row) => toListing(row, viewer, sign));
}
