import type { ProfileLocationInput, PublicUser, RegisterInput, User } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { zipCoordinateColumns } from '../../lib/geo.js';
import { friendCountOf } from '../relations/index.js';
import { isBlockedPair } from '../relations/index.js';

/** Looks a member up by e-mail (stored lowercased) for login. */
export function findCredentialsByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Which of e-mail and username are taken already, case-insensitively. */
export async function findTaken(db: Executor, email: string, username: string) {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([eb('email', '=', email.toLowerCase()), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]),
    )
    .execute();
  return {
    email: rows.some((r) => r.email === email.toLowerCase()),
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
  };
}

/** Inserts a member; the unique indexes have the last word on duplicates. */
export async function insertUser(db: Executor, input: RegisterInput, passwordHash: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: input.email.toLowerCase(),
      username: input.username,
      password_hash: passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      // Only security e-mails reach the address until its link is used.
      email_confirmed: 0,
      // The weekly "new near you" starts on for new members (it went out off to those before it).
      email_digest: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const PUBLIC_COLUMNS = ['id', 'username', 'profile_picture', 'city', 'state', 'zip_code'] as const;
const OWN_COLUMNS = [
  ...PUBLIC_COLUMNS,
  'email',
  'first_name',
  'last_name',
  'email_confirmed',
  'pending_email',
  'email_matches',
  'email_friend_requests',
  'email_messages',
  'email_trades',
  'email_digest',
  'is_moderator',
  'time_zone',
] as const;

/** A member's row with the given columns and friend_count counted as it is now. */
function selectUser<C extends (typeof OWN_COLUMNS)[number]>(db: Executor, id: number, columns: readonly C[]) {
  return db
    .selectFrom('users')
    .select(columns)
    .select((eb) => friendCountOf(eb).as('friend_count'))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
    .then((row) => row && { ...row, friend_count: Number(row.friend_count) });
}

/** Keeps the time zone the member's browser is in. */
export async function setTimeZone(db: Executor, id: number, timeZone: string) {
  await db.updateTable('users').set({ time_zone: timeZone, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** The member's own profile; never the address, apt or password hash. */
export function getProfile(db: Executor, id: number): Promise<User | undefined> {
  return selectUser(db, id, OWN_COLUMNS).then((row) => {
    if (!row) return undefined;
    const { email_matches, email_friend_requests, email_messages, email_trades, email_digest, ...rest } = row;
    return {
      ...rest,
      email_confirmed: rest.email_confirmed === 1,
      is_moderator: rest.is_moderator === 1,
      email_notifications: {
        matches: email_matches === 1,
        friend_requests: email_friend_requests === 1,
        messages: email_messages === 1,
        trades: email_trades === 1,
        digest: email_digest === 1,
      },
    };
  });
}

/** What any member may see of another; nothing at all when either has blocked the other. */
export async function getPublicUser(db: Executor, id: number, viewerId?: number): Promise<PublicUser | undefined> {
  if (viewerId !== undefined && (await isBlockedPair(db, viewerId, id))) return undefined;
  return selectUser(db, id, PUBLIC_COLUMNS);
}

/** Saves the onboarding location and, when one was uploaded, the new profile picture. */
export async function updateProfileLocation(
  db: Executor,
  id: number,
  location: ProfileLocationInput,
  profilePicture?: string,
) {
  await db
    .updateTable('users')
    .set({
      city: location.city,
      state: location.state,
      zip_code: location.postcode,
      // Kept for distances only, never answered; null for a postcode the ZIP table does not know.
      ...zipCoordinateColumns(location.postcode),
      // The form sends address and apt only when filled in; absent, they stay as they were.
      ...(location.address !== undefined ? { address: location.address } : {}),
      ...(location.apt !== undefined ? { apt: location.apt } : {}),
      ...(profilePicture ? { profile_picture: profilePicture } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** The stored path of a member's profile picture, if any. */
export async function getProfilePicture(db: Executor, id: number) {
  const row = await db.selectFrom('users').select('profile_picture').where('id', '=', id).executeTakeFirst();
  return row?.profile_picture ?? undefined;
}

/** Keeps a new "forgot password" link: only the hash of its token, valid until `expiresAt`. */
export async function insertPasswordReset(db: Executor, userId: number, tokenHash: string, expiresAt: Date) {
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt.toISOString(), created_at: nowIso() })
    .execute();
}

/**
 * Uses a reset link once: marks it used if it is neither used nor expired, in one statement, so two
 * tabs sending the same link cannot both get through; the member's other links end with it. The
 * member it belongs to, or undefined.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string) {
  const now = nowIso();
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  // The password just changed: any other link the member asked for has done its job.
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute();
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', row.user_id).executeTakeFirst();
}

/** Sets a member's password hash. */
export async function setPasswordHash(db: Executor, id: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
