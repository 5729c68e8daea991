import { TEXTS } from '@gardenswap/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, PASSWORD } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { coordinatesOfZip, mapSpot } from '../../lib/geo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `Rosa${Math.random().toString(36).slice(2, 8)}@Example.com`,
  password: 'tomatoes-2026',
  first_name: 'Rosa',
  last_name: 'Parks',
  username: `rosa_${Math.random().toString(36).slice(2, 8)}`,
  ...overrides,
});

const register = (payload: Record<string, unknown>) =>
  ctx.inject({ method: 'POST', url: '/api/auth/register', payload });

describe('POST /api/auth/register', () => {
  it('creates a member and answers 201 with the profile, never the password', async () => {
    const input = registration();
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: input.username,
      email: input.email.toLowerCase(),
      first_name: 'Rosa',
      last_name: 'Parks',
      friend_count: 0,
      profile_picture: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/password|hash|argon/i);
  });

  it.each([
    [{ email: '' }, 'email', TEXTS.emailRequired],
    [{ email: 'not-an-email' }, 'email', TEXTS.emailInvalid],
    [{ password: '' }, 'password', TEXTS.passwordRequired],
    [{ password: 'short' }, 'password', TEXTS.passwordTooShort],
    [{ username: '' }, 'username', TEXTS.usernameRequired],
    [{ username: 'has space' }, 'username', TEXTS.usernameCharacters],
    [{ username: 'ab' }, 'username', TEXTS.usernameTooShort],
    [{ first_name: '  ' }, 'first_name', TEXTS.firstNameRequired],
    [{ last_name: undefined }, 'last_name', TEXTS.lastNameRequired],
  ])('refuses %o with 422 and the spec text', async (overrides, field, message) => {
    const res = await register(registration(overrides));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toContainEqual({ field, message });
  });

  it('answers 409 for an e-mail or username already taken, whatever their case', async () => {
    const first = registration();
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(registration({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', detail: TEXTS.emailTaken });
    const sameName = await register(registration({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', detail: TEXTS.usernameTaken });
  });

  it('lets only one of two simultaneous registrations of the same e-mail through', async () => {
    const input = registration();
    const results = await Promise.all([register(input), register({ ...input, username: `${input.username}_2` })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the form-encoded body of the spec and gives a 7-day bearer token', async () => {
    const user = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: user.email.toUpperCase(), password: PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 604800,
      user: { id: user.id, username: user.username },
    });
    const profile = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: body.access_token });
    expect(profile.json().id).toBe(user.id);
  });

  it('accepts JSON too', async () => {
    const user = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await createUser(ctx);
    const wrong = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: 'nope-nope-nope' },
    });
    const unknown = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody@example.com', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ detail: TEXTS.badCredentials, code: 'UNAUTHORIZED' });
  });

  it('answers 422 with the spec texts for a missing e-mail or password', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'username', message: TEXTS.emailRequired },
      { field: 'password', message: TEXTS.passwordRequired },
    ]);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a bad one, and with one signed by another secret', async () => {
    const user = await createUser(ctx);
    const none = await ctx.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: TEXTS.unauthorized, code: 'UNAUTHORIZED' });
    const garbage = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: 'garbage' });
    expect(garbage.statusCode).toBe(401);
    const [h, p] = user.token.split('.');
    const forged = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: `${h}.${p}.AAAA` });
    expect(forged.statusCode).toBe(401);
  });

  it('revokes the token on logout, server-side', async () => {
    const user = await createUser(ctx);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: user })).statusCode).toBe(204);
    const after = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe(TEXTS.tokenInvalid);
  });
});

describe('profiles', () => {
  it('shows another member only the public fields, never the address', async () => {
    const viewer = await createUser(ctx);
    const other = await createUser(ctx, {
      city: 'Salt Lake City',
      state: 'UT',
      zip_code: '84101',
      address: '1 Secret Lane',
    });
    const res = await ctx.inject({ method: 'GET', url: `/api/auth/users/${other.id}/public`, as: viewer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: other.id,
      username: other.username,
      profile_picture: null,
      city: 'Salt Lake City',
      state: 'UT',
      zip_code: '84101',
      friend_count: 0,
      // Where a map shows them: near the ZIP code's centre, by an offset of their own, never the address.
      spot: mapSpot(other.id, coordinatesOfZip('84101')!),
    });
  });

  it('answers 404 "User not found" for an unknown member', async () => {
    const viewer = await createUser(ctx);
    const res = await ctx.inject({ method: 'GET', url: '/api/auth/users/999999/public', as: viewer });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
  });

  it('saves the onboarding location and photo; the avatar is served, address and apt never shown', async () => {
    const user = await createUser(ctx);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/users/me/avatar', as: user })).statusCode).toBe(404);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const form = multipartBody(
      { city: ' Salt Lake City ', state: 'UT', postcode: ' 84105 ', address: '12 Garden Row', apt: '' },
      { field: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: photo },
    );
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/upload-profile-image', as: user, ...form });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({ city: 'Salt Lake City', state: 'UT', zip_code: '84105' });
    expect(profile.profile_picture).toMatch(/^uploads\/[a-f0-9]{32}\.webp$/);
    expect(JSON.stringify(profile)).not.toContain('Garden Row');
    const row = await ctx.db
      .selectFrom('users')
      .select(['address', 'apt'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ address: '12 Garden Row', apt: null });

    // Saving the location again without address keeps the one given before.
    const again = multipartBody({ city: 'Salt Lake City', state: 'UT', postcode: '84106' });
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/auth/upload-profile-image', as: user, ...again })).statusCode,
    ).toBe(200);
    const kept = await ctx.db
      .selectFrom('users')
      .select(['address', 'zip_code'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ address: '12 Garden Row', zip_code: '84106' });

    const avatar = await ctx.inject({ method: 'GET', url: '/api/auth/users/me/avatar', as: user });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    const served = await ctx.inject({ method: 'GET', url: `/api/${profile.profile_picture}` });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a postcode shorter than 5 characters after trimming, with the spec text', async () => {
    const user = await createUser(ctx);
    const form = multipartBody({ city: 'Sandy', state: 'UT', postcode: ' 841 ' });
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/upload-profile-image', as: user, ...form });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field: 'postcode', message: TEXTS.postcodeTooShort });
  });

  it('refuses a file that is not an image with 415, and keeps the previous location', async () => {
    const user = await createUser(ctx, { city: 'Draper', state: 'UT', zip_code: '84020' });
    const form = multipartBody(
      { city: 'Sandy', state: 'UT', postcode: '84070' },
      { field: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: Buffer.from('just some text') },
    );
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/upload-profile-image', as: user, ...form });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: TEXTS.imageUnsupported, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const profile = (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: user })).json();
    expect(profile.city).toBe('Draper');
  });
});
