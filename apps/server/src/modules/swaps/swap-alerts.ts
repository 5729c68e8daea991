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
 * Each call gathers whom to tell before a change to a want; its `tell` gathers those after it
 * (with the new want's id when it was just created) and pushes `swaps_changed` to all of them.
 * A listing's changes are heard as events: the listing as it was comes with them.
 */
export interface SwapAlerts {
  /** Before a member's want is created (undefined), changed or deleted. */
  want(userId: number, wantId: number | undefined): Promise<{ tell(wantId?: number): Promise<void> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    swapAlerts: SwapAlerts;
  }
}

/**
 * Tells members live that their swaps may have changed. Like the notifier it never fails the
 * request: a failure is logged and the members see the change on their next load.
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

    app.decorate('swapAlerts', {
      async want(userId, wantId) {
        const audienceOf = (id: number | undefined) =>
          safely(async () =>
            wantAudience(app.db, userId, id === undefined ? undefined : await wantOf(app.db, userId, id)),
          );
        const before = await audienceOf(wantId);
        return {
          async tell(after = wantId) {
            push(before, await audienceOf(after));
          },
        };
      },
    } satisfies SwapAlerts);
  },
  { name: 'swap-alerts', dependencies: ['events', 'realtime'] },
);
