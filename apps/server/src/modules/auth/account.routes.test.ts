import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_TEXTS, TEXTS } from '@gardenswap/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { mailerOf } from '../mail/mailer.js';

const WRONG_PASSWORDS = 3;
const LINKS = 4;
const NEW_PASSWORD = 'a fresh garden secret 8';
let ctx: TestContext;
let url: string;
const open: ClientSocket[] = [];
let seq = 0;

beforeAll(async () => {
  ctx = await buildTestApp({
    rateLimits: {
      enabled: true,
      registerPerIp: { max: 1000, windowMs: 60_000 },
      currentPasswordPerAccount: { max: WRONG_PASSWORDS, windowMs: 15 * 60_000 },
      confirmationLinksPerAccount: { max: LINKS, windowMs: 60 * 60_000 },
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => ctx.close());

const post = (path: string, payload: object | undefined, as?: { token: string } | string) =>
  ctx.inject({ method: 'POST', url: `/api/auth${path}`, payload, as });
const confirm = (token: string, as?: TestUser) => post('/email/confirm', { token }, as);
const login = (email: string, password = PASSWORD) =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
const profile = async (as: { token: string } | string) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as });
  expect(res.statusCode).toBe(200);
  return res.json<{ email: string; email_confirmed: boolean; pending_email: string | null }>();
};

async function mailsTo(email: string) {
  await mailerOf(ctx.app.server)!.idle();
  return ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email.toLowerCase()).orderBy('id').execute();
}

/** The token of the newest confirmation link e-mailed to the address. */
async function linkTo(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => /confirm-email\?token=/.test(m.text)).at(-1);
  expect(mail, `a confirmation link to ${email}`).toBeDefined();
  const link = /(http\S+\/confirm-email\?token=([A-Za-z0-9_-]+))/.exec(mail!.text);
  expect(link?.[1]).toBe(`${ctx.config.publicOrigin}/confirm-email?token=${link?.[2]}`);
  return link![2]!;
}

/** A member who registered through the API and has not used their link yet. */
async function registered(): Promise<TestUser> {
  const username = `newcomer_${process.pid}_${++seq}`;
  const email = `${username}@Example.com`;
  const res = await post('/register', {
    email,
    username,
    password: PASSWORD,
    first_name: 'New',
    last_name: 'Comer',
  });
  expect(res.statusCode).toBe(201);
  const signedIn = await login(email);
  expect(signedIn.statusCode).toBe(200);
  const { access_token } = signedIn.json<{ access_token: string }>();
  return { id: res.json().id, username, email: email.toLowerCase(), token: access_token, jti: '' };
}

describe('confirming the address of a new member', () => {
  it('e-mails a link on registration, keeps only its sha256, and confirms from it without a session', async () => {
    const member = await registered();
    expect(await profile(member)).toMatchObject({ email: member.email, email_confirmed: false, pending_email: null });
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe(ACCOUNT_TEXTS.confirmSubject);
    expect(mail!.headers ?? '').not.toMatch(/unsubscribe/i);
    const token = await linkTo(member.email);
    const rows = await ctx.db.selectFrom('email_confirmations').selectAll().where('user_id', '=', member.id).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.confirmed, email: member.email, changed: false });
    expect((await profile(member)).email_confirmed).toBe(true);
  });

  it('says clearly when a link was used, has expired or is made up', async () => {
    const member = await registered();
    const token = await linkTo(member.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: ACCOUNT_TEXTS.linkUsed, code: 'BAD_REQUEST' });

    const late = await registered();
    const lateToken = await linkTo(late.email);
    await ctx.db
      .updateTable('email_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', late.id)
      .execute();
    const expired = await confirm(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe(ACCOUNT_TEXTS.linkExpired);
    expect((await profile(late)).email_confirmed).toBe(false);

    const madeUp = await confirm('not-a-real-token');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().detail).toBe(ACCOUNT_TEXTS.linkInvalid);
  });

  it("confirms only the link's own member, whoever is signed in when it is opened", async () => {
    const [owner, other] = [await registered(), await registered()];
    const res = await confirm(await linkTo(owner.email), other);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(owner.email);
    expect((await profile(owner)).email_confirmed).toBe(true);
    expect((await profile(other)).email_confirmed).toBe(false);
  });

  it('resends a fresh link that works, refuses when already confirmed, and answers 429 after a few', async () => {
    const member = await registered();
    const first = await linkTo(member.email);
    const resent = await post('/email/confirmation', undefined, member);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().detail).toContain(member.email);
    const fresh = await linkTo(member.email);
    expect(fresh).not.toBe(first);
    for (let i = 1; i < LINKS; i++) expect((await post('/email/confirmation', undefined, member)).statusCode).toBe(202);
    const refused = await post('/email/confirmation', undefined, member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: ACCOUNT_TEXTS.tooManyLinks, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await confirm(fresh)).statusCode).toBe(200);
    const done = await post('/email/confirmation', undefined, await createUser(ctx));
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe(ACCOUNT_TEXTS.alreadyConfirmed);
  });

  it('sends no match or friend-request e-mail to an unconfirmed address, while security e-mails still go', async () => {
    const member = await registered();
    const [seller, asker] = [await createUser(ctx), await createUser(ctx)];
    const wanted = await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      as: member,
      payload: { title: 'quince', category_id: 2 },
    });
    expect(wanted.statusCode).toBe(201);
    const listed = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: seller,
      payload: { title: 'Quince jelly', type_id: 2, category_id: 2 },
    });
    expect(listed.statusCode).toBe(201);
    const asked = await post('/friends/request', { friend_id: member.id }, asker);
    expect(asked.statusCode).toBe(201);
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: member.email } }))
        .statusCode,
    ).toBe(202);

    const notices = (await ctx.inject({ method: 'GET', url: '/api/notifications', as: member })).json<
      { type: string }[]
    >();
    expect(notices.map((n) => n.type).sort()).toEqual(['friend_request', 'match']);
    expect((await mailsTo(member.email)).map((m) => m.subject)).toEqual([
      ACCOUNT_TEXTS.confirmSubject,
      TEXTS.passwordResetSubject,
    ]);

    // Once confirmed, the same kinds of e-mail reach the address.
    expect((await confirm(await linkTo(member.email))).statusCode).toBe(200);
    const later = await createUser(ctx);
    expect((await post('/friends/request', { friend_id: member.id }, later)).statusCode).toBe(201);
    await createListing(ctx, seller, { title: 'Quince cuttings', category_id: 2 });
    expect((await mailsTo(member.email)).at(-1)!.subject).toBe('Test wants to be friends on Gardenswap');
  });
});

describe('changing the e-mail address', () => {
  const change = (member: TestUser, email: string, current_password = PASSWORD) =>
    post('/email/change', { email, current_password }, member);

  it('takes effect only once the new address confirms it; the old address is told twice, sign-in follows', async () => {
    const member = await createUser(ctx);
    const newEmail = `moved_${member.username}@example.org`;
    const res = await change(member, newEmail.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json().detail).toContain(newEmail);
    expect(await profile(member)).toMatchObject({
      email: member.email,
      pending_email: newEmail,
      email_confirmed: true,
    });
    const [told] = await mailsTo(member.email);
    expect(told!.subject).toBe(ACCOUNT_TEXTS.changeRequestedSubject);
    expect(told!.text).toContain(newEmail);
    expect(told!.headers ?? '').not.toMatch(/unsubscribe/i);
    expect((await login(member.email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);

    const token = await linkTo(newEmail);
    expect((await mailsTo(newEmail))[0]!.subject).toBe(ACCOUNT_TEXTS.confirmNewSubject);
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: newEmail, changed: true });
    expect(await profile(member)).toMatchObject({ email: newEmail, pending_email: null, email_confirmed: true });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(member.email)).statusCode).toBe(401);
    const notices = await mailsTo(member.email);
    expect(notices.map((m) => m.subject)).toEqual([
      ACCOUNT_TEXTS.changeRequestedSubject,
      ACCOUNT_TEXTS.emailChangedSubject,
    ]);
    expect(notices[1]!.headers ?? '').not.toMatch(/unsubscribe/i);
    expect((await confirm(token)).json().detail).toBe(ACCOUNT_TEXTS.linkUsed);
  });

  it('refuses a wrong current password with 422, and after a few wrong ones refuses even the right one', async () => {
    const member = await createUser(ctx);
    const wrong = await change(member, `x_${member.email}`, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      detail: ACCOUNT_TEXTS.currentPasswordWrong,
      errors: [{ field: 'current_password', message: ACCOUNT_TEXTS.currentPasswordWrong }],
    });
    expect((await profile(member)).pending_email).toBeNull();
    expect(await mailsTo(`x_${member.email}`)).toHaveLength(0);
    for (let i = 1; i < WRONG_PASSWORDS; i++)
      expect(
        (await post('/password/change', { current_password: 'nope', new_password: NEW_PASSWORD }, member)).statusCode,
      ).toBe(422);
    const refused = await change(member, `x_${member.email}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await profile(member)).pending_email).toBeNull();
  });

  it('answers 409 for an address another member holds, whatever its case, and 422 for its own', async () => {
    const [member, other] = [await createUser(ctx), await createUser(ctx)];
    const taken = await change(member, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: TEXTS.emailTaken, code: 'EMAIL_TAKEN' });
    const same = await change(member, member.email);
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual([{ field: 'email', message: ACCOUNT_TEXTS.sameEmail }]);
  });

  it('answers 409 at confirmation when someone registered the address meanwhile, and keeps the old one', async () => {
    const member = await createUser(ctx);
    const wanted = `contested_${member.username}@example.org`;
    expect((await change(member, wanted)).statusCode).toBe(202);
    const token = await linkTo(wanted);
    const reg = await post('/register', {
      email: wanted,
      username: `q${member.username}`.slice(0, 30),
      password: PASSWORD,
      first_name: 'Quick',
      last_name: 'Taker',
    });
    expect(reg.statusCode).toBe(201);
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: TEXTS.emailTaken, code: 'EMAIL_TAKEN' });
    expect((await profile(member)).email).toBe(member.email);
    expect((await login(member.email)).statusCode).toBe(200);
  });

  it('cancelling ends the link; resending sends a working one; a newer request ends the older links', async () => {
    const member = await createUser(ctx);
    const first = `first_${member.username}@example.org`;
    const second = `second_${member.username}@example.org`;
    expect((await change(member, first)).statusCode).toBe(202);
    const firstToken = await linkTo(first);
    expect((await ctx.inject({ method: 'DELETE', url: '/api/auth/email/change', as: member })).statusCode).toBe(204);
    expect((await profile(member)).pending_email).toBeNull();
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await post('/email/change/resend', undefined, member)).statusCode).toBe(404);

    expect((await change(member, first)).statusCode).toBe(202);
    const stale = await linkTo(first);
    expect((await change(member, second)).statusCode).toBe(202);
    expect((await confirm(stale)).statusCode).toBe(400);
    const resent = await post('/email/change/resend', undefined, member);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().detail).toContain(second);
    expect((await confirm(await linkTo(second))).statusCode).toBe(200);
    expect((await profile(member)).email).toBe(second);
  });

  it('lets a member who mistyped their address at registration move to one they confirm', async () => {
    const member = await registered();
    const right = `right_${member.username}@example.org`;
    expect((await change(member, right)).statusCode).toBe(202);
    // The link sent at registration belongs to the old address: it no longer confirms anything once moved.
    const oldToken = await linkTo(member.email);
    expect((await confirm(await linkTo(right))).statusCode).toBe(200);
    expect(await profile(member)).toMatchObject({ email: right, email_confirmed: true, pending_email: null });
    expect((await confirm(oldToken)).statusCode).toBe(400);
  });
});

describe('changing the password', () => {
  const changePassword = (member: TestUser, current_password: string, new_password = NEW_PASSWORD) =>
    post('/password/change', { current_password, new_password }, member);

  it('needs the current password and the registration rules', async () => {
    const member = await createUser(ctx);
    const wrong = await changePassword(member, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ field: 'current_password', message: ACCOUNT_TEXTS.currentPasswordWrong }]);
    const short = await changePassword(member, PASSWORD, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toContainEqual({ field: 'new_password', message: TEXTS.passwordTooShort });
    expect((await login(member.email)).statusCode).toBe(200);
  });

  it('ends every other session and socket, keeps this device signed in with a fresh token, and tells the address', async () => {
    const member = await createUser(ctx);
    const other = (await login(member.email)).json().access_token as string;
    const tab = await connectTab(url, other, open);
    const closed = new Promise<string>((resolve) => tab.socket.once('disconnect', resolve));
    expect((await profile(other)).email).toBe(member.email);
    const res = await changePassword(member, PASSWORD);
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ access_token: string; user: { id: number } }>();
    expect(fresh.user.id).toBe(member.id);
    expect(await closed).toBe('io server disconnect');
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: other })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: member })).statusCode).toBe(401);
    expect((await profile(fresh.access_token)).email).toBe(member.email);
    await expect(connectTab(url, other, open)).rejects.toThrow('unauthorized');
    await connectTab(url, fresh.access_token, open);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(member.email)).statusCode).toBe(401);
    const [notice] = await mailsTo(member.email);
    expect(notice!.subject).toBe(ACCOUNT_TEXTS.passwordChangedSubject);
    expect(notice!.headers ?? '').not.toMatch(/unsubscribe/i);
  });

  it('makes a "forgot password" link asked for before useless', async () => {
    const member = await createUser(ctx);
    await ctx.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: member.email } });
    const mail = (await mailsTo(member.email)).at(-1)!;
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await changePassword(member, PASSWORD)).statusCode).toBe(200);
    const reset = await post('/password/reset', { token, password: 'someone elses pick 5' });
    expect(reset.statusCode).toBe(400);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
