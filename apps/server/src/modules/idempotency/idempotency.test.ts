import { randomUUID } from 'node:crypto';
import type { Listing } from '@gardenswap/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { IDEMPOTENCY } from './idempotency.plugin.js';

const photo = (hue: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: hue, g: 140, b: 70 } } })
    .jpeg()
    .toBuffer();

describe('Idempotency-Key: a retried create acts once', () => {
  let ctx: TestContext;
  let now = Date.now();
  let maria: TestUser;
  let tom: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp({ clock: () => now });
    maria = await createUser(ctx);
    tom = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const listingsOf = async (user: TestUser) =>
    (await ctx.db.selectFrom('listings').select('id').where('owner_id', '=', user.id).execute()).map((r) => r.id);
  const create = (user: TestUser, key: string | undefined, payload: object) =>
    ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: user,
      headers: key === undefined ? {} : { 'idempotency-key': key },
      payload,
    });
  const basil = { title: 'Basil seedlings', type_id: 3, category_id: 3 };

  it('answers a retry with the first listing, and creates it once', async () => {
    const before = await listingsOf(maria);
    const key = randomUUID();
    const first = await create(maria, key, basil);
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(maria, key, basil);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Listing>().id).toBe(first.json<Listing>().id);
    expect(again.json<Listing>().title).toBe('Basil seedlings');
    expect(await listingsOf(maria)).toEqual([...before, first.json<Listing>().id]);
  });

  it('takes the key as a structured-field string too', async () => {
    const key = randomUUID();
    const first = await create(maria, `"${key}"`, basil);
    const again = await create(maria, key, basil);
    expect(again.json<Listing>().id).toBe(first.json<Listing>().id);
  });

  it('refuses the same key with another body (422), and creates nothing', async () => {
    const key = randomUUID();
    expect((await create(maria, key, basil)).statusCode).toBe(201);
    const before = await listingsOf(maria);
    const other = await create(maria, key, { ...basil, title: 'Thai basil' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await listingsOf(maria)).toEqual(before);
  });

  it('keeps each member’s keys apart', async () => {
    const key = randomUUID();
    const hers = await create(maria, key, basil);
    const his = await create(tom, key, basil);
    expect(his.statusCode).toBe(201);
    expect(his.json<Listing>().id).not.toBe(hers.json<Listing>().id);
    expect(his.json<Listing>().owner_id).toBe(tom.id);
  });

  it('refuses a key that is empty, too long or holds control characters (400)', async () => {
    for (const key of ['', 'x'.repeat(256), 'tab\there']) {
      const res = await create(maria, key, basil);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('creates without a key as before: two posts, two listings', async () => {
    const before = await listingsOf(maria);
    await create(maria, undefined, basil);
    await create(maria, undefined, basil);
    expect((await listingsOf(maria)).length).toBe(before.length + 2);
  });

  it('treats a multipart retry with a new boundary as the same request, photo and all', async () => {
    const key = randomUUID();
    const image = await photo(30);
    const form = () =>
      multipartBody(
        { title: 'Cherry tomatoes', type_id: '3', category_id: '1' },
        { field: 'image', filename: 't.jpg', contentType: 'image/jpeg', data: image },
      );
    const post = () => {
      const body = form();
      return ctx.inject({
        method: 'POST',
        url: '/api/listings/',
        as: maria,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    const before = await listingsOf(maria);
    const again = await post();
    expect(again.statusCode).toBe(201);
    expect(again.json<Listing>().id).toBe(first.json<Listing>().id);
    expect(again.json<Listing>().featured_image).toBe(first.json<Listing>().featured_image);
    expect(await listingsOf(maria)).toEqual(before);

    // Another photo under the same key is another request.
    const other = multipartBody(
      { title: 'Cherry tomatoes', type_id: '3', category_id: '1' },
      { field: 'image', filename: 't.jpg', contentType: 'image/jpeg', data: await photo(200) },
    );
    const swapped = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: maria,
      payload: other.payload,
      headers: { ...other.headers, 'idempotency-key': key },
    });
    expect(swapped.statusCode).toBe(422);
  });

  it('frees the key of a request that failed, so the corrected retry runs', async () => {
    const key = randomUUID();
    const broken = multipartBody(
      { title: 'Runner beans', type_id: '3', category_id: '1' },
      { field: 'image', filename: 'b.jpg', contentType: 'image/jpeg', data: Buffer.from('not a photo at all') },
    );
    const refused = await ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: maria,
      payload: broken.payload,
      headers: { ...broken.headers, 'idempotency-key': key },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const fixed = await create(maria, key, { ...basil, title: 'Runner beans' });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 while the first request with the key is under way, and replays it once done', async () => {
    const key = randomUUID();
    const image = await photo(90);
    const post = () => {
      const form = multipartBody(
        { title: 'Seed potatoes', type_id: '3', category_id: '2' },
        { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: image },
      );
      return ctx.inject({
        method: 'POST',
        url: '/api/listings/',
        as: maria,
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': key },
      });
    };
    const before = await listingsOf(maria);
    const answers = await Promise.all([post(), post(), post()]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const res of answers.filter((a) => a.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
      expect(res.headers['retry-after']).toBe('1');
    }
    const created = await listingsOf(maria);
    expect(created.length).toBe(before.length + 1);
    const retry = await post();
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Listing>().id).toBe(created.at(-1));
  });

  it('lets a retry take over a request whose server died before it finished', async () => {
    const key = randomUUID();
    // What a process killed mid-request leaves: the key claimed, no result.
    const started = new Date(now - IDEMPOTENCY.leaseMs - 1000).toISOString();
    const first = await create(maria, key, basil);
    await ctx.db
      .updateTable('idempotency_keys')
      .set({ status: null, listing_id: null, started_at: started })
      .where('user_id', '=', maria.id)
      .where('key', '=', key)
      .execute();
    await ctx.db.deleteFrom('listings').where('id', '=', first.json<Listing>().id).execute();
    const retry = await create(maria, key, basil);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json<Listing>().id).not.toBe(first.json<Listing>().id);
  });

  it('remembers a key for a day, then forgets it', async () => {
    const key = randomUUID();
    const first = await create(maria, key, basil);
    now += IDEMPOTENCY.keepMs - 60_000;
    expect((await create(maria, key, basil)).json<Listing>().id).toBe(first.json<Listing>().id);
    now += 120_000;
    const later = await create(maria, key, { ...basil, title: 'Lemon basil' });
    expect(later.statusCode).toBe(201);
    expect(later.json<Listing>().title).toBe('Lemon basil');
  });

  it('answers 404 to a retry whose listing was deleted since', async () => {
    const key = randomUUID();
    const first = await create(maria, key, basil);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/listings/${first.json<Listing>().id}`, as: maria })).statusCode,
    ).toBe(204);
    const retry = await create(maria, key, basil);
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('Idempotency-Key on photo uploads', () => {
  let ctx: TestContext;
  let owner: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    owner = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const upload = async (method: 'POST' | 'PUT', url: string, key: string, data: Buffer) => {
    const form = multipartBody({}, { field: 'image', filename: 'x.jpg', contentType: 'image/jpeg', data });
    return ctx.inject({
      method,
      url,
      as: owner,
      payload: form.payload,
      headers: { ...form.headers, 'idempotency-key': key },
    });
  };

  it('adds a photo once however often the upload is retried', async () => {
    const { id } = await createListing(ctx, owner);
    const key = randomUUID();
    const image = await photo(10);
    const first = await upload('POST', `/api/listings/${id}/photos`, key, image);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload('POST', `/api/listings/${id}/photos`, key, image);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Listing>().photos).toEqual(first.json<Listing>().photos);
    const rows = await ctx.db.selectFrom('listing_photos').select('id').where('listing_id', '=', id).execute();
    expect(rows).toHaveLength(first.json<Listing>().photos!.length);
  });

  it('replaces the cover once however often the upload is retried', async () => {
    const { id } = await createListing(ctx, owner);
    const key = randomUUID();
    const image = await photo(50);
    const first = await upload('PUT', `/api/listings/${id}/image`, key, image);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload('PUT', `/api/listings/${id}/image`, key, image);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Listing>().featured_image).toBe(first.json<Listing>().featured_image);
  });

  it('keys one listing’s upload apart from another’s', async () => {
    const a = await createListing(ctx, owner);
    const b = await createListing(ctx, owner);
    const key = randomUUID();
    const image = await photo(70);
    expect((await upload('POST', `/api/listings/${a.id}/photos`, key, image)).statusCode).toBe(201);
    const other = await upload('POST', `/api/listings/${b.id}/photos`, key, image);
    expect(other.statusCode).toBe(422);
  });
});
