import { CATEGORIES, LISTING_STATES, LISTING_TYPES } from '@gardenswap/shared';
import { type App, buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Executor } from '../db/schema.js';
import { isEntryPoint, runCommand } from '../lib/command-line.js';
import { zipCoordinateColumns } from '../lib/geo.js';
import { pairOf } from '../modules/relations/index.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedLotColumns } from '../modules/listings/index.js';
import {
  CONVERSATIONS,
  DEMO_PASSWORD,
  type DemoListing,
  FRIENDSHIPS,
  LISTINGS,
  MEMBERS,
  WANTS,
  demoState,
  emailOf,
} from './demo-data.js';
import { avatarSvg, listingSvg, renderPng } from './draw-produce.js';

/**
 * `npm run seed:demo`: fills an empty database with a believable neighbourhood of
 * gardeners, so the product can be shown and tried without typing anything in.
 */

/** The database already has members: the demo never mixes with real (or earlier demo) data. */
export class SeedRefusedError extends Error {}

export interface DemoSummary {
  members: { email: string; name: string; username: string; city: string; zip_code: string }[];
  password: string;
  friendships: { accepted: number; pending: number };
  listings: {
    total: number;
    byCategory: Record<keyof typeof CATEGORIES, number>;
    byType: Record<keyof typeof LISTING_TYPES, number>;
    friendsOnly: number;
    paused: number;
    reserved: number;
  };
  wants: number;
  conversations: number;
  messages: number;
  unread: number;
  images: number;
}

async function memberCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function refuseUnlessEmpty(db: Executor) {
  const members = await memberCount(db);
  if (members > 0) {
    throw new SeedRefusedError(
      `The database already has ${members} member${members === 1 ? '' : 's'}, so no demo data was added. ` +
        'The demo only fills an empty database: point DATA_DIR (or DATABASE_URL) at a new location to try it.',
    );
  }
}

/** Runs `work` over `items` with at most `limit` at a time (image rendering is CPU-bound). */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function checkReferences() {
  const known = new Set(MEMBERS.map((m) => m.username));
  const references = [
    ...FRIENDSHIPS.flatMap((f) => [f.requester, f.addressee]),
    ...LISTINGS.map((l) => l.owner),
    ...WANTS.map((w) => w.owner),
    ...CONVERSATIONS.flatMap((c) => c.between),
  ];
  const unknown = references.filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`Demo data names unknown members: ${[...new Set(unknown)].join(', ')}`);
}

const initialsOf = (m: { first_name: string; last_name: string }) =>
  `${m.first_name[0]}${m.last_name[0]}`.toUpperCase();

/**
 * Adds the demo neighbourhood to an empty database: members (all with DEMO_PASSWORD),
 * friendships, listings with drawn photos, want lists and conversations.
 * All rows go in one transaction; if anything fails, nothing stays behind.
 */
export async function seedDemo(app: App): Promise<DemoSummary> {
  checkReferences();
  await refuseUnlessEmpty(app.db);

  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD, app.config.passwordHashing);

  // Pictures are stored before the rows, outside the transaction: on SQLite the one
  // connection is busy with the transaction, and the image store may use the database.
  const saved: string[] = [];
  try {
    const photos = await inBatches(LISTINGS, 4, async (listing, i) => {
      const stored = await app.images.save(await renderPng(listingSvg(listing.picture, i + 1)));
      saved.push(stored.image, stored.thumbnail);
      return stored;
    });
    const avatars = await inBatches(MEMBERS, 4, async (member) => {
      if (member.avatarHue === undefined) return null;
      const stored = await app.images.save(await renderPng(avatarSvg(initialsOf(member), member.avatarHue)));
      saved.push(stored.image);
      // A profile keeps only the full picture, as the profile upload does.
      await app.images.remove([stored.thumbnail]);
      return stored.image;
    });

    await app.db.transaction().execute(async (trx) => {
      await refuseUnlessEmpty(trx);
      await insertRows(trx, { passwordHash, photos, avatars, ago });
    });
  } catch (error) {
    await app.images.remove(saved);
    throw error;
  }

  return summarise(saved.length);
}

async function insertRows(
  trx: Executor,
  input: {
    passwordHash: string;
    photos: { image: string; thumbnail: string }[];
    avatars: (string | null)[];
    ago: (minutes: number) => string;
  },
) {
  const { ago } = input;
  const day = 24 * 60;
  const thisYear = new Date(ago(0)).getUTCFullYear();
  const seedLotOfDemo = ({ packedYearsAgo, ...lot }: NonNullable<DemoListing['seedLot']>) =>
    seedLotColumns({ ...lot, ...(packedYearsAgo === undefined ? {} : { packed_year: thisYear - packedYearsAgo }) });

  const users = await trx
    .insertInto('users')
    .values(
      MEMBERS.map((m, i) => ({
        email: emailOf(m),
        username: m.username,
        password_hash: input.passwordHash,
        first_name: m.first_name,
        last_name: m.last_name,
        profile_picture: input.avatars[i] ?? null,
        city: m.city,
        state: demoState,
        zip_code: m.zip_code,
        ...zipCoordinateColumns(m.zip_code),
        created_at: ago(m.joinedDaysAgo * day),
        updated_at: ago(m.joinedDaysAgo * day),
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const id = (username: string) => idOf.get(username)!;

  await trx
    .insertInto('friendships')
    .values(
      FRIENDSHIPS.map((f) => ({
        ...pairOf(id(f.requester), id(f.addressee)),
        requester_id: id(f.requester),
        status: f.status,
        created_at: ago(f.daysAgo * day + 90),
        updated_at: ago(f.daysAgo * day),
      })),
    )
    .execute();

  // Oldest first, so ids grow with time as they would have in real use.
  const listings = LISTINGS.map((l, i) => ({
    l,
    photo: input.photos[i]!,
    minutesAgo: l.daysAgo * day + ((i * 137) % 600) + 15,
  }))
    .sort((a, b) => b.minutesAgo - a.minutesAgo)
    .map(({ l, photo, minutesAgo }) => ({
      owner_id: id(l.owner),
      title: l.title,
      description: l.description,
      price: l.type_id === LISTING_TYPES.sell ? (l.price ?? 1) : 0,
      featured_image: photo.image,
      thumbnail: photo.thumbnail,
      is_active: l.paused ? 0 : 1,
      is_public: l.friendsOnly ? 0 : 1,
      type_id: l.type_id,
      state_id: l.state_id ?? LISTING_STATES.available,
      category_id: l.category_id,
      ...(l.seedLot && seedLotOfDemo(l.seedLot)),
      created_at: ago(minutesAgo),
      updated_at: ago(minutesAgo),
    }));
  const inserted = await trx.insertInto('listings').values(listings).returning('id').execute();
  // Each demo photo is its listing's cover, as the first photo of its gallery.
  await trx
    .insertInto('listing_photos')
    .values(
      inserted.map((row, i) => ({
        listing_id: row.id,
        position: 0,
        image: listings[i]!.featured_image,
        thumbnail: listings[i]!.thumbnail,
        created_at: listings[i]!.updated_at,
      })),
    )
    .execute();

  await trx
    .insertInto('want_listings')
    .values(
      WANTS.map((w, i) => ({
        user_id: id(w.owner),
        title: w.title,
        category_id: w.category_id,
        created_at: ago(10 * day - i * 97),
      })),
    )
    .execute();

  const messages = CONVERSATIONS.flatMap((c) =>
    c.messages.map((m, i) => {
      const sender = c.between[m.from];
      const receiver = c.between[m.from === 0 ? 1 : 0];
      const unread = i >= c.messages.length - c.unread;
      // Read when the other person answered, or a quarter of an hour later.
      const readMinutesAgo = Math.max(0, c.messages[i + 1]?.minutesAgo ?? m.minutesAgo - 15);
      return {
        sender_id: id(sender),
        receiver_id: id(receiver),
        content: m.text,
        minutesAgo: m.minutesAgo,
        read_at: unread ? null : ago(readMinutesAgo),
      };
    }),
  )
    .sort((a, b) => b.minutesAgo - a.minutesAgo)
    .map(({ minutesAgo, ...m }) => ({ ...m, created_at: ago(minutesAgo) }));
  await trx.insertInto('messages').values(messages).execute();
}

function summarise(images: number): DemoSummary {
  const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
  const names = <K extends string>(ids: Record<K, number>, pick: (l: (typeof LISTINGS)[number]) => number) =>
    Object.fromEntries(
      Object.entries(ids).map(([name, value]) => [name, count(LISTINGS, (l) => pick(l) === value)]),
    ) as Record<K, number>;
  return {
    members: MEMBERS.map((m) => ({
      email: emailOf(m),
      name: `${m.first_name} ${m.last_name}`,
      username: m.username,
      city: m.city,
      zip_code: m.zip_code,
    })),
    password: DEMO_PASSWORD,
    friendships: {
      accepted: count(FRIENDSHIPS, (f) => f.status === 'accepted'),
      pending: count(FRIENDSHIPS, (f) => f.status === 'pending'),
    },
    listings: {
      total: LISTINGS.length,
      byCategory: names(CATEGORIES, (l) => l.category_id),
      byType: names(LISTING_TYPES, (l) => l.type_id),
      friendsOnly: count(LISTINGS, (l) => !!l.friendsOnly),
      paused: count(LISTINGS, (l) => !!l.paused),
      reserved: count(LISTINGS, (l) => l.state_id === LISTING_STATES.reserved),
    },
    wants: WANTS.length,
    conversations: CONVERSATIONS.length,
    messages: CONVERSATIONS.reduce((n, c) => n + c.messages.length, 0),
    unread: CONVERSATIONS.reduce((n, c) => n + c.unread, 0),
    images,
  };
}

const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');

/** What the command prints once the demo is in. */
export function formatSummary(summary: DemoSummary, where: { database: string; url: string }): string {
  const { listings } = summary;
  const width = Math.max(...summary.members.map((m) => m.email.length));
  const nameWidth = Math.max(...summary.members.map((m) => m.name.length));
  return [
    `Demo data added to ${where.database}:`,
    `  ${summary.members.length} members, ${summary.friendships.accepted} friendships (+ ${summary.friendships.pending} pending requests)`,
    `  ${listings.total} listings: ${list(listings.byCategory)}; ${list(listings.byType)}`,
    `    ${listings.friendsOnly} friends-only, ${listings.paused} paused, ${listings.reserved} reserved`,
    `  ${summary.wants} want-list items`,
    `  ${summary.conversations} conversations with ${summary.messages} messages (${summary.unread} unread)`,
    `  ${summary.images} images`,
    '',
    `Sign in with any of these e-mails and the password: ${summary.password}`,
    ...summary.members.map((m) => `  ${m.email.padEnd(width)}  ${m.name.padEnd(nameWidth)}  ${m.city} ${m.zip_code}`),
    '',
    `Start the server (npm start) and open ${where.url}`,
  ].join('\n');
}

/** The command: seeds the configured database and reports; 0 when seeded, 1 when refused. */
export async function runSeedDemo(
  config: Config,
  io: { out: (text: string) => void; err: (text: string) => void } = { out: console.log, err: console.error },
): Promise<number> {
  const app = await buildApp(config);
  try {
    await app.ready();
    const summary = await seedDemo(app);
    const database = config.database.kind === 'sqlite' ? config.database.file : 'the PostgreSQL database';
    io.out(formatSummary(summary, { database, url: `http://localhost:${config.port}` }));
    return 0;
  } catch (error) {
    if (!(error instanceof SeedRefusedError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await app.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(runSeedDemo);
