import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/schema.js';
import { wordRuleOf } from '../../lib/word-rule.js';
import type { ListingBefore } from '../listings/index.js';
import { itemTerms, itemWords, titlesMatch, wordsMatch } from '../notifications/matcher.js';
import {
  type WantItem,
  candidateListings,
  listingForSwaps,
  offersOf,
  wantOf,
  wantsInCategory,
} from './swaps.queries.js';

/**
 * Who may see their swaps change when a listing or a want changes: its member, and every member a
 * swap through it could join. A swap through a listing needs a want matching it; a swap through a
 * want needs a listing matching it whose owner wants something the member lists. Asked before the
 * change (the old title and category) and after it (the new), so a swap that ends is told too.
 */
async function listingAudience(db: Executor, listing: ListingBefore | undefined): Promise<number[]> {
  if (!listing) return [];
  const audience = new Set([listing.owner_id]);
  const rule = wordRuleOf(db);
  const words = itemWords(listing.title, rule);
  // Many members want the same thing in the same words: each title is split and compared once.
  const matches = new Map<string, boolean>();
  for (const want of await wantsInCategory(db, listing.owner_id, listing.category_id)) {
    let match = matches.get(want.title);
    if (match === undefined) matches.set(want.title, (match = wordsMatch(itemWords(want.title, rule), words)));
    if (match) audience.add(want.user_id);
  }
  return [...audience];
}

async function wantAudience(db: Executor, userId: number, want: WantItem | undefined): Promise<number[]> {
  const audience = new Set([userId]);
  if (!want) return [...audience];
  const categories = [...new Set((await offersOf(db, userId)).map((o) => o.category_id))];
  const rule = wordRuleOf(db);
  for (const row of await candidateListings(db, userId, want, itemTerms(want.title, rule), categories))
    if (titlesMatch(want.title, row.title, rule)) audience.add(row.owner_id);
  return [...audience];
}

/**
 * Tells members live that their swaps may have changed, hearing listings' and want lists' events
 * (each with the item as it was). Like the notifier it never fails the request: a failure is
 * logged and the members see the change on their next load.
 */
export const swapAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    const safely = async (work: () => Promise<number[]>): Promise<number[]> => {
      try {
        return await work();
      } catch (error) {
        app.log.error({ err: error }, 'finding whom a swap change concerns failed');
        return [];
      }
    };
    const push = (before: number[], after: number[]) => {
      for (const userId of new Set([...before, ...after])) app.realtime.toUser(userId, 'swaps_changed');
    };

    const audienceNow = (listingId: number) =>
      safely(async () => listingAudience(app.db, await listingForSwaps(app.db, listingId)));
    app.events.on('listing.created', async ({ listingId }) => push([], await audienceNow(listingId)));
    app.events.on('listing.changed', async ({ listingId, before }) => {
      if (before) push(await safely(() => listingAudience(app.db, before)), await audienceNow(listingId));
    });
    app.events.on('listing.removed', async ({ before }) =>
      push(await safely(() => listingAudience(app.db, before)), []),
    );

    // A want's changes likewise, asked before (the item as it was) and after (as it is now).
    const wantAudienceNow = (userId: number, wantId: number) =>
      safely(async () => wantAudience(app.db, userId, await wantOf(app.db, userId, wantId)));
    const wantAudienceBefore = (userId: number, before: WantItem) => safely(() => wantAudience(app.db, userId, before));
    app.events.on('want.created', async ({ userId, wantId }) => push([], await wantAudienceNow(userId, wantId)));
    app.events.on('want.changed', async ({ userId, wantId, before }) =>
      push(await wantAudienceBefore(userId, before), await wantAudienceNow(userId, wantId)),
    );
    app.events.on('want.removed', async ({ userId, before }) => push(await wantAudienceBefore(userId, before), []));
  },
  { name: 'swap-alerts', dependencies: ['events', 'realtime'] },
);
