import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { connectDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import type { Config } from '../../config.js';
import {
  type AuthUser,
  CheckedSessions,
  allSessionsOf,
  authenticateToken,
} from '../../plugins/sessions/auth.tokens.js';
import { endSessionOfToken } from '../../plugins/sessions/sessions.queries.js';

// The session checks of one instance, on this run's database, counting the questions they ask it.
let db: Kysely<Database>;
let config: Config;
let cleanup: () => Promise<void>;
let asked = 0;
beforeAll(async () => {
  const made = await testConfig();
  config = made.config;
  cleanup = made.cleanup;
  ({ db } = connectDatabase(config.database, {
    log: (event) => {
      if (/join "sessions"/.test(event.query.sql)) asked++;
    },
  }));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db?.destroy();
  await cleanup?.();
});
beforeEach(() => {
  asked = 0;
});

const authenticate = (token: string, sessions: CheckedSessions) =>
  authenticateToken(db, config.jwtSecret, token, sessions);

describe('session checks of requests in flight together', () => {
  it('ask the database once for twenty requests of one token, and every one passes', async () => {
    const member = await createUser({ db, config });
    const sessions = new CheckedSessions(1000);
    const users = await Promise.all(Array.from({ length: 20 }, () => authenticate(member.token, sessions)));
    expect(users.map((u) => u?.id)).toEqual(Array(20).fill(member.id));
    expect(asked).toBe(1);
  });

  it('ask again for a request that comes after a logout, though the question before it is still out', async () => {
    const member = await createUser({ db, config });
    const sessions = new CheckedSessions(1000);
    // Verified once without the cache, so the next call goes straight to its question.
    expect(await authenticateToken(db, config.jwtSecret, member.token)).toBeDefined();
    asked = 0;

    const before = authenticate(member.token, sessions);
    // The question of `before` is out (its statement waits for the event loop), the logout lands.
    await new Promise((resolve) => setImmediate(resolve));
    sessions.forget(member.jti);
    const expiresAt = new Date(Date.now() + 3_600_000);
    await endSessionOfToken(db, { jti: member.jti, userId: member.id, expiresAt });

    expect(await authenticate(member.token, sessions)).toBeUndefined();
    await before;
    expect(asked).toBe(2);
    // Nor is whatever `before` read remembered for the next request.
    expect(await authenticate(member.token, sessions)).toBeUndefined();
  });
});

describe('a question about a session that is out when the session is revoked', () => {
  const user: AuthUser = { id: 7, username: 'ask-once', jti: 'jti-ask-once', exp: 2_000_000_000 };

  for (const [revocation, jti] of [
    ['a logout', user.jti],
    ["all of the member's sessions", allSessionsOf(user.id)],
  ] as const) {
    it(`is dropped by ${revocation}: a request after it asks again, one before it shares the answer`, async () => {
      const sessions = new CheckedSessions(1000);
      let answer!: (u: AuthUser) => void;
      const first = sessions.ask(user.jti, () => new Promise<AuthUser>((resolve) => (answer = resolve)));
      const joined = sessions.ask(user.jti, () => Promise.reject(new Error('asked a second time')));
      sessions.forget(jti);
      let askedAgain = 0;
      const after = sessions.ask(user.jti, async () => {
        askedAgain++;
        return undefined;
      });
      expect(await after).toBeUndefined();
      expect(askedAgain).toBe(1);
      answer(user);
      expect(await first).toBe(user);
      expect(await joined).toBe(user);
    });
  }
});
