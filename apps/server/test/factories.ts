import type { CreateListingInput } from '@gardenswap/shared';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { startSession } from '../src/plugins/sessions/auth.tokens.js';
import { pairOf } from '../src/modules/relations/friends.sql.js';
import { seedLotColumns } from '../src/modules/listings/seed-lot-columns.js';
import { haversineMiles, zipCoordinateColumns } from '../src/lib/geo.js';
import type { TestContext } from './app.js';

export const PASSWORD = 'correct horse 42';
let passwordHash: Promise<string> | undefined;
let seq = 0;
const unique = () => `${process.pid}${++seq}${Math.random().toString(36).slice(2, 6)}`;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  token: string;
  jti: string;
}

type MemberOverrides = Partial<{
  username: string;
  email: string;
  city: string;
  state: string;
  zip_code: string;
  address: string;
}>;

/**
 * A member's row and nothing else, with only the columns the first schema had: also for tests that
 * fill a database migrated part of the way before migrating the rest.
 */
export async function insertMember(
  ctx: Pick<TestContext, 'db' | 'config'>,
  overrides: MemberOverrides = {},
): Promise<Pick<TestUser, 'id' | 'username' | 'email'>> {
  passwordHash ??= hashPassword(PASSWORD, ctx.config.passwordHashing);
  const n = unique();
  const username = overrides.username ?? `gardener_${n}`;
  const email = (overrides.email ?? `${username}@example.com`).toLowerCase();
  const { id } = await ctx.db
    .insertInto('users')
    .values({
      email,
      username,
      password_hash: await passwordHash,
      first_name: 'Test',
      last_name: 'Gardener',
      city: overrides.city ?? null,
      state: overrides.state ?? null,
      zip_code: overrides.zip_code ?? null,
      address: overrides.address ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, username, email };
}

/**
 * A give-away listing's row and nothing else, with only the columns the first schema had: for
 * tests that fill a database migrated part of the way (a search index's migration, say).
 */
export function listingRow(ownerId: number, title: string, description = 'picked this morning') {
  return {
    owner_id: ownerId,
    title,
    description,
    price: 0,
    is_active: 1,
    is_public: 1,
    type_id: 3,
    state_id: 1,
    category_id: 1,
  };
}

/** A member in the database with a valid session token. */
export async function createUser(
  ctx: Pick<TestContext, 'db' | 'config'>,
  overrides: MemberOverrides = {},
): Promise<TestUser> {
  const { id, username, email } = await insertMember(ctx, overrides);
  const session = await startSession(ctx.db, ctx.config.jwtSecret, { id, username });
  return { id, username, email, token: session.token, jti: session.jti };
}

/** Makes two members accepted friends. */
export async function befriend(ctx: Pick<TestContext, 'db'>, a: { id: number }, b: { id: number }) {
  await ctx.db
    .insertInto('friendships')
    .values({ ...pairOf(a.id, b.id), requester_id: a.id, status: 'accepted' })
    .execute();
}

/** A listing of `owner`, public, active and available unless overridden (a seed lot's details stored as given). */
export async function createListing(
  ctx: Pick<TestContext, 'db'>,
  owner: { id: number },
  overrides: Partial<
    Omit<CreateListingInput, 'is_active' | 'is_public'> & {
      is_active: boolean;
      is_public: boolean;
      featured_image: string;
      thumbnail: string;
    }
  > = {},
) {
  const { is_active = true, is_public = true, organic, can_mail, ...rest } = overrides;
  const row = await ctx.db
    .insertInto('listings')
    .values({
      owner_id: owner.id,
      title: 'Cherry tomatoes',
      description: 'Sweet and ripe',
      price: 0,
      type_id: 2,
      state_id: 1,
      category_id: 1,
      ...rest,
      ...seedLotColumns({ organic, can_mail }),
      is_active: is_active ? 1 : 0,
      is_public: is_public ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (rest.featured_image) {
    // As the app stores it: the photo is also the first of the listing's gallery.
    await ctx.db
      .insertInto('listing_photos')
      .values({
        listing_id: row.id,
        position: 0,
        image: rest.featured_image,
        thumbnail: rest.thumbnail ?? rest.featured_image,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  if ('wroteAround' in ctx) (ctx as TestContext).wroteAround();
  return { id: row.id };
}

/** The friendship rows between two members (at most one, whoever asked). */
export function friendshipRows(ctx: Pick<TestContext, 'db'>, a: { id: number }, b: { id: number }) {
  const pair = pairOf(a.id, b.id);
  return ctx.db
    .selectFrom('friendships')
    .selectAll()
    .where('user_low', '=', pair.user_low)
    .where('user_high', '=', pair.user_high)
    .execute();
}

/** A member whose ZIP code (or none) places them, as registering with it does. */
export async function memberAtZip(ctx: TestContext, zip: string | null) {
  const user = await createUser(ctx, { zip_code: zip ?? undefined, city: zip ? 'Somewhere' : undefined });
  await ctx.db.updateTable('users').set(zipCoordinateColumns(zip)).where('id', '=', user.id).execute();
  return user;
}

/** The miles between two ZIP codes' centres, as the lists measure them; null when either is unknown. */
export function milesBetweenZips(from: string, zip: string | null) {
  const a = zipCoordinateColumns(from);
  const b = zipCoordinateColumns(zip);
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  return haversineMiles(
    { latitude: a.latitude, longitude: a.longitude },
    { latitude: b.latitude, longitude: b.longitude },
  );
}

/**
 * An event `owner` hosts, written as the app stores it: placed at its ZIP code's centre (97201,
 * Portland, unless overridden), starting in three days for three hours, with its reminder due the
 * day before. Times are ms from `now`, for events the API would refuse (one under way, one past).
 */
export async function createEvent(
  ctx: Pick<TestContext, 'db'>,
  owner: { id: number },
  overrides: Partial<{
    title: string;
    zip_code: string;
    address: string | null;
    capacity: number | null;
    startsInMs: number;
    lastsMs: number;
    now: number;
    photo: string;
    thumbnail: string;
  }> = {},
) {
  const { now = Date.now(), startsInMs = 3 * 86_400_000, lastsMs = 3 * 3_600_000, zip_code = '97201' } = overrides;
  const { latitude, longitude } = zipCoordinateColumns(zip_code);
  const starts = now + startsInMs;
  const remind = starts - 86_400_000;
  const row = await ctx.db
    .insertInto('events')
    .values({
      owner_id: owner.id,
      title: overrides.title ?? 'Spring seed swap',
      description: 'Bring seeds in labelled envelopes',
      photo: overrides.photo ?? null,
      thumbnail: overrides.thumbnail ?? null,
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + lastsMs).toISOString(),
      place_name: 'Elm Street community garden',
      address: overrides.address === undefined ? '12 Elm St' : overrides.address,
      zip_code,
      latitude: latitude!,
      longitude: longitude!,
      capacity: overrides.capacity ?? null,
      remind_at: remind > now ? new Date(remind).toISOString() : null,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** The member goes to the event, as saying so through the API stores it. */
export async function goTo(ctx: Pick<TestContext, 'db'>, member: { id: number }, event: { id: number }) {
  await ctx.db
    .insertInto('event_attendees')
    .values({ event_id: event.id, user_id: member.id, created_at: new Date().toISOString() })
    .execute();
}
