import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { TEXTS } from '@gardenswap/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { mailerOf } from '../mail/mailer.js';

const WINDOW_MS = 60 * 60_000;
const PER_ADDRESS = 4;
const PER_ACCOUNT = 2;
const NEW_PASSWORD = 'a brand new secret 7';
let ctx: TestContext;
let url: string;
const open: ClientSocket[] = [];
let ip = 0;
/** A fresh client address, so one test's requests never count against another's. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  ctx = await buildTestApp({
    rateLimits: {
      enabled: true,
      passwordResetPerIp: { max: PER_ADDRESS, windowMs: WINDOW_MS },
      passwordResetPerAccount: { max: PER_ACCOUNT, windowMs: WINDOW_MS },
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => ctx.close());

const forgot = (email: string, remoteAddress = nextIp()) =>
  ctx.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress });
const reset = (token: string, password = NEW_PASSWORD) =>
  ctx.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
const login = (email: string, password: string) =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
const profile = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/profile', as: token });

async function mailsTo(email: string) {
  await mailerOf(ctx.app.server)!.idle();
  return ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
}

/** Asks for a link for the member and reads the token out of the e-mail they get. */
async function resetToken(member: TestUser): Promise<string> {
  expect((await forgot(member.email)).statusCode).toBe(202);
  const mail = (await mailsTo(member.email)).at(-1)!;
  expect(mail.subject).toBe(TEXTS.passwordResetSubject);
  const link = /(http\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.text);
  expect(link?.[1]).toBe(`${ctx.config.publicOrigin}/reset-password?token=${link?.[2]}`);
  return link![2]!;
}

describe('forgot password', () => {
  it('answers 202 with the same body for a member e-mail and an unknown one, and mails only the member', async () => {
    const member = await createUser(ctx);
    const known = await forgot(member.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ detail: TEXTS.passwordResetSent });
    expect(unknown.body).toBe(known.body);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers ?? '').not.toMatch(/unsubscribe/i);
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('keeps only the sha256 of the token, never the token itself', async () => {
    const member = await createUser(ctx);
    const token = await resetToken(member);
    const rows = await ctx.db.selectFrom('password_resets').selectAll().where('user_id', '=', member.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
    const expiresIn = new Date(rows[0]!.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
  });

  it('sets the new password from the link, signs the member in, and refuses the link a second time', async () => {
    const member = await createUser(ctx);
    const token = await resetToken(member);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', user: { id: member.id, username: member.username } });
    expect((await profile(body.access_token)).statusCode).toBe(200);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(member.email, PASSWORD)).statusCode).toBe(401);

    const again = await reset(token, 'yet another secret 9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: TEXTS.passwordResetInvalid, code: 'BAD_REQUEST' });
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the other links the member asked for once one of them is used', async () => {
    const member = await createUser(ctx);
    const first = await resetToken(member);
    const second = await resetToken(member);
    expect((await reset(second)).statusCode).toBe(200);
    const late = await reset(first, 'yet another secret 9');
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe(TEXTS.passwordResetInvalid);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const member = await createUser(ctx);
    const token = await resetToken(member);
    await ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(TEXTS.passwordResetInvalid);
    expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token and a new password that breaks the registration rules', async () => {
    const member = await createUser(ctx);
    expect((await reset('not-a-real-token')).json().detail).toBe(TEXTS.passwordResetInvalid);
    const token = await resetToken(member);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toContainEqual({ field: 'password', message: TEXTS.passwordTooShort });
    // A refused password does not use the link up.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('ends every other session: their tokens answer 401 and their open sockets are closed', async () => {
    const member = await createUser(ctx);
    const other = (await login(member.email, PASSWORD)).json().access_token as string;
    const tab = await connectTab(url, member.token, open);
    const closed = new Promise<string>((resolve) => tab.socket.once('disconnect', resolve));
    const token = await resetToken(member);
    // Both sessions were accepted a moment ago: the server must not keep trusting them.
    expect((await profile(other)).statusCode).toBe(200);
    expect((await profile(member.token)).statusCode).toBe(200);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await profile(member.token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(res.json().access_token)).statusCode).toBe(200);
    await expect(connectTab(url, other, open)).rejects.toThrow('unauthorized');
  });
});

describe('forgot password limits', () => {
  it('answers 429 once one address has asked too often, whatever the e-mails', async () => {
    const address = nextIp();
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await forgot(`someone${i}-${address}@example.com`, address)).statusCode).toBe(202);
    const refused = await forgot('one-more@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: TEXTS.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('one-more@example.com')).statusCode).toBe(202);
  });

  it('answers 429 once one e-mail has been named too often, from any address, and sends no more mail', async () => {
    const member = await createUser(ctx);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await forgot(member.email)).statusCode).toBe(202);
    const refused = await forgot(member.email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(await mailsTo(member.email)).toHaveLength(PER_ACCOUNT);
  });
});
