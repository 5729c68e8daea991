import { SWAPS_LIMIT, type Swap } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { distanceMiles } from '../../lib/geo.js';
import { coordinatesOf } from '../listings/index.js';
import { wordRuleOf } from '../../lib/word-rule.js';
import { itemTerms, itemWords, wordsMatch } from '../notifications/matcher.js';
import {
  type Offer,
  type WantItem,
  candidateListings,
  friendIdList,
  membersByIds,
  offersOf,
  wantsOf,
  wantsOfMembers,
} from './swaps.queries.js';

interface Named {
  id: number;
  title: string;
}

/**
 * The viewer's swaps, nearest first (members without a location last), at most `SWAPS_LIMIT`:
 * members with a listing the viewer may see that matches the viewer's want list, and a want
 * matching one of the viewer's own listings on offer that they may see in turn. It starts from
 * the viewer's few wants and listings and reads a bounded number of rows for each, through the
 * full-text index. `onlyMember` narrows it to one member (their seller page).
 */
export async function findSwaps(db: Executor, viewerId: number, onlyMember?: number): Promise<Swap[]> {
  const [wants, offers] = await Promise.all([wantsOf(db, viewerId), offersOf(db, viewerId)]);
  if (wants.length === 0 || offers.length === 0) return [];
  const offerCategories = [...new Set(offers.map((o) => o.category_id))];
  // Splitting a title into its words is the matcher's costly part: once per title and request.
  const rule = wordRuleOf(db);
  const split = new Map<string, Set<string>>();
  const wordsOf = (title: string) => {
    let words = split.get(title);
    if (!words) split.set(title, (words = itemWords(title, rule)));
    return words;
  };
  const match = (a: string, b: string) => wordsMatch(wordsOf(a), wordsOf(b));

  // For each member, the first of their listings that matches one of the viewer's wants.
  const theyHave = new Map<number, { listing: Named; want: WantItem }>();
  // The wants' reads are independent: on PostgreSQL they run side by side on the pool.
  const candidates = await Promise.all(
    wants.map((want) =>
      candidateListings(db, viewerId, want, itemTerms(want.title, rule), offerCategories, onlyMember),
    ),
  );
  wants.forEach((want, i) => {
    for (const row of candidates[i]!) {
      if (!theyHave.has(row.owner_id) && match(want.title, row.title))
        theyHave.set(row.owner_id, { listing: { id: row.id, title: row.title }, want });
    }
  });
  if (theyHave.size === 0) return [];

  // A friends-only listing of the viewer is offered only to the viewer's friends.
  const friends = offers.some((o) => o.is_public !== 1) ? await friendIdList(db, viewerId) : new Set<number>();
  const offeredTo = (offer: Offer, memberId: number) => offer.is_public === 1 || friends.has(memberId);

  const theyWant = new Map<number, { want: Named; listing: Named }>();
  for (const want of await wantsOfMembers(db, [...theyHave.keys()], offerCategories)) {
    if (theyWant.has(want.user_id)) continue;
    const offer = offers.find(
      (o) => o.category_id === want.category_id && offeredTo(o, want.user_id) && match(want.title, o.title),
    );
    if (offer)
      theyWant.set(want.user_id, {
        want: { id: want.id, title: want.title },
        listing: { id: offer.id, title: offer.title },
      });
  }
  if (theyWant.size === 0) return [];

  const [members, here] = await Promise.all([membersByIds(db, [...theyWant.keys()]), coordinatesOf(db, viewerId)]);
  const swaps: Swap[] = [];
  for (const member of members) {
    const have = theyHave.get(member.id)!;
    const want = theyWant.get(member.id)!;
    const there =
      member.latitude === null || member.longitude === null
        ? null
        : { latitude: Number(member.latitude), longitude: Number(member.longitude) };
    swaps.push({
      member: {
        id: member.id,
        username: member.username,
        profile_picture: member.profile_picture,
        city: member.city,
        state: member.state,
      },
      distance_miles: distanceMiles(here, there),
      their_listing: have.listing,
      your_want: { id: have.want.id, title: have.want.title },
      your_listing: want.listing,
      their_want: want.want,
    });
  }
  const far = Number.POSITIVE_INFINITY;
  swaps.sort((a, b) => (a.distance_miles ?? far) - (b.distance_miles ?? far) || a.member.id - b.member.id);
  return swaps.slice(0, SWAPS_LIMIT);
}
