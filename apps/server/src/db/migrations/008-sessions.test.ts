import { randomUUID } from 'node:crypto';
import { SESSION_TTL_SECONDS } from '@gardenswap/shared';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { authenticateToken } from '../../plugins/sessions/auth.tokens.js';
import { connectDatabase, type DatabaseHandle } from '../connect.js';
import { migrateToLatest } from '../migrate.js';

let handle: DatabaseHandle;
let cleanup: () => Promise<void>;
let secret: string;
/* eslint-disable @typescript-eslint/no-explicit-any -- the tables of an older schema */
let db: Kysely<any>;

beforeAll(async () => {
  const made = await testConfig();
  cleanup = made.cleanup;
  secret = made.config.jwtSecret;
  handle = connectDatabase(made.config.database);
  db = handle.db;
  // A database as it was before sessions were kept: members signed in, some of them logged out.
  await migrateToLatest(db, '007-email-confirmations');
});
afterAll(async () => {
  await handle?.db.destroy();
  await cleanup?.();
});

/** A token as they were signed before sessions were kept. */
async function oldToken(userId: number, username: string) {
  const jti = randomUUID();
  const now = Date.now();
  const token = await new SignJWT({ username, iat_ms: now })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
  return { token, jti };
}

describe('migration 008: sessions', () => {
  it('keeps logged-out tokens out, lets the others in, and makes their rows on first use', async () => {
    const { id } = await db
      .insertInto('users')
      .values({ email: 'ivy@example.com', username: 'ivy', password_hash: 'x', first_name: 'I', last_name: 'V' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const loggedOut = await oldToken(id, 'ivy');
    const signedIn = await oldToken(id, 'ivy');
    const inAWeek = new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString();
    await db
      .insertInto('revoked_tokens')
      .values([
        { jti: loggedOut.jti, user_id: id, expires_at: inAWeek },
        { jti: randomUUID(), user_id: id, expires_at: new Date(Date.now() - 1000).toISOString() },
      ])
      .execute();

    await migrateToLatest(handle.db);

    const rows = await db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ jti: loggedOut.jti, user_id: id });
    expect(rows[0]!.ended_at).not.toBeNull();
    await expect(db.selectFrom('revoked_tokens').selectAll().execute()).rejects.toThrow();

    expect(await authenticateToken(handle.db, secret, loggedOut.token)).toBeUndefined();
    const user = await authenticateToken(
      handle.db,
      secret,
      signedIn.token,
      undefined,
      'Mozilla/5.0 (X11; Linux x86_64)',
    );
    expect(user).toMatchObject({ id, username: 'ivy', jti: signedIn.jti });
    const adopted = await db
      .selectFrom('sessions')
      .selectAll()
      .where('jti', '=', signedIn.jti)
      .executeTakeFirstOrThrow();
    expect(adopted).toMatchObject({ user_id: id, user_agent: 'Mozilla/5.0 (X11; Linux x86_64)', ended_at: null });
  });
});
