import type { Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';

/** Keeps a new link that confirms `email` for the member: only the hash of its token, valid until `expiresAt`. */
export async function insertEmailConfirmation(
  db: Executor,
  userId: number,
  email: string,
  tokenHash: string,
  expiresAt: Date,
) {
  await db
    .insertInto('email_confirmations')
    .values({
      user_id: userId,
      email: email.toLowerCase(),
      token_hash: tokenHash,
      expires_at: expiresAt.toISOString(),
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Uses a confirmation link once: marks it used if it is neither used nor expired, in one
 * statement, so two tabs opening the same link cannot both get through. The member and the
 * address it confirms, or undefined.
 */
export async function consumeEmailConfirmation(db: Executor, tokenHash: string) {
  const now = nowIso();
  return db
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** Why a link could not be used: unknown, used already, or expired. */
export async function emailConfirmationState(db: Executor, tokenHash: string) {
  const row = await db
    .selectFrom('email_confirmations')
    .select(['used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return 'unknown' as const;
  return row.used_at !== null ? ('used' as const) : ('expired' as const);
}

/** What confirming and changing an address needs to know of the member. */
export function getEmailState(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_confirmed', 'pending_email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether another member holds the address now (addresses are stored lowercased). */
export async function emailHeldByOther(db: Executor, email: string, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the member's current address confirmed. */
export async function markEmailConfirmed(db: Executor, userId: number) {
  await db.updateTable('users').set({ email_confirmed: 1, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/**
 * Records the address the member wants to move to; the links sent for an earlier pending address
 * stop working, so only the newest request can take effect.
 */
export async function setPendingEmail(db: Executor, userId: number, email: string | null) {
  await db
    .deleteFrom('email_confirmations')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where((eb) => eb('email', '!=', eb.selectFrom('users').select('users.email').where('users.id', '=', userId)))
    .execute();
  await db
    .updateTable('users')
    .set({ pending_email: email?.toLowerCase() ?? null, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Makes the pending address the member's address, confirmed; the unique index has the last word
 * if someone took it meanwhile. The member's other unused links end with it.
 */
export async function applyPendingEmail(db: Executor, userId: number, email: string) {
  const now = nowIso();
  await db
    .updateTable('users')
    .set({ email: email.toLowerCase(), pending_email: null, email_confirmed: 1, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A new password makes any "forgot password" link the member still holds useless. */
export async function endPasswordResets(db: Executor, userId: number) {
  await db
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
