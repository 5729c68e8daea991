import { randomBytes } from 'node:crypto';
import { CATEGORIES, LISTING_STATES, LISTING_TYPES } from '@gardenswap/shared';
import type { DB } from '../apps/server/src/db/schema.js';
import { pairOf } from '../apps/server/src/modules/friends/friends.sql.js';
import { seededRandom } from '../apps/server/src/lib/seeded-random.js';

/**
 * A large marketplace for the benchmark, written straight into the tables in batched
 * inserts inside one transaction (going through the API would take far longer than the
 * measurement itself).
 */

export interface BenchDataOptions {
  members: number;
  listings: number;
  /** Accepted friends of the member the benchmark signs in as. */
  viewerFriends: number;
}

export interface BenchData {
  memberIds: number[];
  viewer: { id: number; username: string };
  friendships: number;
}

const PLACES = [
  ['Salt Lake City', '84101'],
  ['Salt Lake City', '84102'],
  ['Salt Lake City', '84103'],
  ['Salt Lake City', '84105'],
  ['Salt Lake City', '84106'],
  ['Salt Lake City', '84108'],
  ['South Salt Lake', '84115'],
  ['Holladay', '84117'],
  ['Cottonwood Heights', '84121'],
  ['Holladay', '84124'],
  ['Millcreek', '84109'],
] as const;

const CROPS = [
  'tomatoes',
  'zucchini',
  'chard',
  'basil',
  'garlic',
  'potatoes',
  'pumpkins',
  'green beans',
  'kale',
  'strawberries',
  'raspberries',
  'peppers',
  'lettuce',
  'carrots',
  'apples',
  'rhubarb',
  'cucumbers',
  'sunflowers',
  'lavender',
  'mint',
];
const FORMS: Record<number, string[]> = {
  [CATEGORIES.produce]: ['Fresh', 'Homegrown', 'Organic', 'Backyard', 'Just picked'],
  [CATEGORIES.seeds]: ['Saved seed:', 'Heirloom seed:', 'Seed packet:', 'Open-pollinated'],
  [CATEGORIES.plants]: ['Starts:', 'Seedlings:', 'Potted', 'Divisions of', 'Cuttings:'],
};
const DESCRIPTIONS = [
  'Grown without sprays in raised beds. Porch pickup most evenings; message me first.',
  'More than we can use this year. Bring a bag. Some are a little blemished but taste great.',
  'Happy to trade for anything from your garden, especially herbs or flowers.',
  'Picked this morning. Please come the same day if you can, they do not keep long.',
  '',
];

/** Slices small enough for either database's limit on bound values per statement. */
function* chunks<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export async function seedBenchData(db: DB, passwordHash: string, options: BenchDataOptions): Promise<BenchData> {
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const now = Date.now();

  return db.transaction().execute(async (trx) => {
    const members = Array.from({ length: options.members }, (_, i) => {
      const [city, zip] = PLACES[i % PLACES.length]!;
      const joined = new Date(now - (400 - (i / options.members) * 30) * 86_400_000).toISOString();
      return {
        email: `member${i + 1}@bench.gardenswap.example`,
        username: `member_${i + 1}`,
        password_hash: passwordHash,
        first_name: 'Bench',
        last_name: `Member ${i + 1}`,
        profile_picture: i % 3 ? `uploads/${randomBytes(16).toString('hex')}.webp` : null,
        city,
        state: 'UT',
        zip_code: zip,
        created_at: joined,
        updated_at: joined,
      };
    });
    for (const part of chunks(members, 500)) await trx.insertInto('users').values(part).execute();
    const idRows = await trx.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
    const memberIds = idRows.map((r) => r.id);
    const viewer = idRows[0]!;

    // A sparse web of neighbours (each member with a few others), and the viewer with
    // `viewerFriends` accepted friends spread across the membership.
    const pairs = new Map<
      string,
      { user_low: number; user_high: number; requester_id: number; status: 'accepted' | 'pending' }
    >();
    const befriend = (a: number, b: number, status: 'accepted' | 'pending') => {
      const pair = pairOf(a, b);
      const key = `${pair.user_low}:${pair.user_high}`;
      if (a !== b && !pairs.has(key)) pairs.set(key, { ...pair, requester_id: a, status });
    };
    const step = Math.max(1, Math.floor(memberIds.length / Math.max(1, options.viewerFriends)));
    for (let i = 1; i <= options.viewerFriends && i * step < memberIds.length; i++) {
      befriend(viewer.id, memberIds[i * step]!, 'accepted');
    }
    memberIds.forEach((id, i) => {
      for (const distance of [1, 7, 31]) {
        befriend(id, memberIds[(i + distance) % memberIds.length]!, random() < 0.9 ? 'accepted' : 'pending');
      }
    });
    for (const part of chunks([...pairs.values()], 1000)) await trx.insertInto('friendships').values(part).execute();

    // Oldest first, so ids grow with time; the newest listing is a few minutes old.
    const span = 365 * 86_400_000;
    const listings = Array.from({ length: options.listings }, (_, i) => {
      const category = pick(Object.values(CATEGORIES));
      const type = pick(Object.values(LISTING_TYPES));
      const roll = random();
      const state = random();
      const created = new Date(now - span + (i / options.listings) * span - 5 * 60_000).toISOString();
      const image = `uploads/${randomBytes(16).toString('hex')}.webp`;
      return {
        owner_id: pick(memberIds),
        title: `${pick(FORMS[category]!)} ${pick(CROPS)}`,
        description: pick(DESCRIPTIONS),
        price: type === LISTING_TYPES.sell ? 1 + Math.floor(random() * 40) : 0,
        featured_image: roll < 0.9 ? image : null,
        thumbnail: roll < 0.9 ? image.replace('.webp', 't.webp') : null,
        // 70% public, 20% friends only, 10% paused (of either kind)
        is_active: roll < 0.9 ? 1 : 0,
        is_public: roll < 0.7 || (roll >= 0.9 && roll < 0.95) ? 1 : 0,
        type_id: type,
        state_id: state < 0.9 ? LISTING_STATES.available : state < 0.96 ? LISTING_STATES.reserved : LISTING_STATES.gone,
        category_id: category,
        created_at: created,
        updated_at: created,
      };
    });
    for (const part of chunks(listings, 1000)) await trx.insertInto('listings').values(part).execute();

    return { memberIds, viewer: { id: viewer.id, username: viewer.username }, friendships: pairs.size };
  });
}
