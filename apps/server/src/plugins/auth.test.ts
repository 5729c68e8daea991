import { randomBytes, randomUUID } from 'node:crypto';
import { TEXTS } from '@gardenswap/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { testConfig } from '../../test/app.js';
import { createUser, PASSWORD } from '../../test/factories.js';

// Two instances behind a load balancer, sharing one database (this run's dialect) and no Redis:
// a session one of them checked a moment ago must still end within a second of a logout on the other.
let one: App;
let two: App;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const made = await testConfig();
  cleanup = made.cleanup;
  // One after the other, so only the first runs the migrations.
  one = await buildApp(made.config);
  two = await buildApp(made.config);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await cleanup?.();
});

const profile = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
const logout = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('session checks', () => {
  it('refuses a logged-out token on the very next request, though it was accepted a moment before', async () => {
    const user = await createUser({ db: one.db, config: one.config });
    for (let i = 0; i < 3; i++) expect((await profile(one, user.token)).statusCode).toBe(200);
    expect((await logout(one, user.token)).statusCode).toBe(204);
    const after = await profile(one, user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ detail: TEXTS.tokenInvalid });
  });

  it('refuses a token logged out on another instance within a second', async () => {
    const user = await createUser({ db: one.db, config: one.config });
    expect((await profile(two, user.token)).statusCode).toBe(200);
    expect((await logout(one, user.token)).statusCode).toBe(204);
    const loggedOutAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - loggedOutAt < 3000) {
      await sleep(20);
      status = (await profile(two, user.token)).statusCode;
    }
    expect(status).toBe(401);
    // A second, plus one polling step.
    expect(Date.now() - loggedOutAt).toBeLessThan(1150);
  });

  it('keeps a member’s other sessions when one of them logs out', async () => {
    const user = await createUser({ db: one.db, config: one.config });
    const second = await one.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: PASSWORD },
    });
    const secondToken = second.json().access_token as string;
    expect((await profile(one, secondToken)).statusCode).toBe(200);
    expect((await logout(one, user.token)).statusCode).toBe(204);
    expect((await profile(one, secondToken)).statusCode).toBe(200);
  });

  it('refuses a token once it has expired, though its signature was accepted a moment before', async () => {
    const user = await createUser({ db: one.db, config: one.config });
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ username: user.username })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(one.config.jwtSecret));
    expect((await profile(one, shortLived)).statusCode).toBe(200);
    await sleep(expiresAt * 1000 - Date.now() + 50);
    const after = await profile(one, shortLived);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ detail: TEXTS.tokenInvalid });
  });

  it('refuses a token signed with another secret, and an altered one, after the real one passed', async () => {
    const user = await createUser({ db: one.db, config: one.config });
    expect((await profile(one, user.token)).statusCode).toBe(200);
    const otherSecret = await buildApp({ ...one.config, jwtSecret: randomBytes(48).toString('base64url') });
    try {
      expect((await profile(otherSecret, user.token)).statusCode).toBe(401);
    } finally {
      await otherSecret.close();
    }
    const [header, claims, signature] = user.token.split('.') as [string, string, string];
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect((await profile(one, `${header}.${claims}.${flipped}`)).statusCode).toBe(401);
    expect((await profile(one, user.token)).statusCode).toBe(200);
  });
});
