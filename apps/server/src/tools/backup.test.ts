import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { multipartBody } from '../../test/multipart.js';
import { runBackup } from './backup.js';

// A marketplace with members, listings with photos, avatars and conversations is backed up
// while the app runs and keeps taking messages; the backup is restored into a fresh data
// directory (SQLite) or an emptied database (PostgreSQL, with pg_restore) under a fresh app,
// which must show every listing, photo and message there was when the backup started.

const photo = (hue: number) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: hue, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

interface Seeded {
  members: TestUser[];
  listings: { id: number; owner: TestUser; title: string; image: string; thumbnail: string }[];
  avatars: { member: TestUser; path: string }[];
  /** Every photo path and its bytes as the running app served them. */
  photos: Map<string, Buffer>;
  /** Each conversation (a pair of members) with the contents of its messages, oldest first. */
  threads: { a: TestUser; b: TestUser; contents: string[] }[];
}

async function seed(ctx: TestContext): Promise<Seeded> {
  const members = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
  const seeded: Seeded = { members, listings: [], avatars: [], photos: new Map(), threads: [] };
  const gallery: string[] = [];
  for (const [i, owner] of members.entries()) {
    for (let n = 0; n < 2; n++) {
      const title = `Heirloom tomatoes ${i}-${n}`;
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/listings/',
        as: owner,
        ...multipartBody(
          { title, type_id: '3', category_id: '1' },
          { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo(40 * i + n) },
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, featured_image, thumbnail } = res.json();
      seeded.listings.push({ id, owner, title, image: featured_image, thumbnail });
      // A second photo, which only the listing's gallery refers to.
      const second = await ctx.inject({
        method: 'POST',
        url: `/api/listings/${id}/photos`,
        as: owner,
        ...multipartBody(
          {},
          { field: 'image', filename: 'q.jpg', contentType: 'image/jpeg', data: await photo(90 + n) },
        ),
      });
      expect(second.statusCode, second.body).toBe(201);
      const added = second.json().photos[1];
      gallery.push(added.image, added.thumbnail);
    }
    const avatar = await ctx.inject({
      method: 'POST',
      url: '/api/auth/upload-profile-image',
      as: owner,
      ...multipartBody(
        { city: 'Portland', state: 'OR', postcode: '97201' },
        { field: 'file', filename: 'me.jpg', contentType: 'image/jpeg', data: await photo(200 - i) },
      ),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    seeded.avatars.push({ member: owner, path: avatar.json().profile_picture });
  }
  for (const path of [
    ...seeded.listings.flatMap((l) => [l.image, l.thumbnail]),
    ...gallery,
    ...seeded.avatars.map((a) => a.path),
  ]) {
    const res = await ctx.inject({ method: 'GET', url: `/api/${path}` });
    expect(res.statusCode).toBe(200);
    seeded.photos.set(path, res.rawPayload);
  }
  const [alice, bob, carol] = members as [TestUser, TestUser, TestUser];
  for (const [a, b] of [
    [alice, bob],
    [bob, carol],
  ] as const) {
    const contents = [];
    for (let n = 0; n < 5; n++) {
      const from = n % 2 ? b : a;
      const to = n % 2 ? a : b;
      const content = `Swap basil for chard? #${n} ${from.username}`;
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/messages',
        as: from,
        payload: { receiver_id: to.id, content },
      });
      expect(res.statusCode).toBe(201);
      contents.push(content);
    }
    seeded.threads.push({ a, b, contents });
  }
  return seeded;
}

describe('npm run backup, restored into a fresh server', () => {
  let original: TestContext;
  let restored: TestContext | undefined;
  let seeded: Seeded;
  let keptWriting = 0;
  const work = mkdtempSync(path.join(tmpdir(), 'gardenswap-backup-'));
  const out = path.join(work, 'backup');
  const freshDataDir = path.join(work, 'restored-data');
  const output: string[] = [];
  let dropRestoredSchema = async () => {};

  beforeAll(async () => {
    original = await buildTestApp();
    seeded = await seed(original);

    // Members go on chatting while the backup runs.
    const [alice, bob] = seeded.members as [TestUser, TestUser];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await original.inject({
          method: 'POST',
          url: '/api/messages',
          as: alice,
          payload: { receiver_id: bob.id, content: `During the backup ${keptWriting++}` },
        });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const code = await runBackup(original.config, ['--out', out], {
      out: (text) => output.push(text),
      err: (text) => output.push(text),
    });
    writing = false;
    await writer;
    expect(code, output.join('\n')).toBe(0);

    // Restore as the README says: the backup's contents into an empty DATA_DIR; on PostgreSQL,
    // pg_restore into an empty database (here: the test's schema, dropped with the original app).
    cpSync(out, freshDataDir, { recursive: true });
    const database = original.config.database;
    await original.close();
    if (database.kind === 'sqlite') {
      restored = await buildTestApp({
        dataDir: freshDataDir,
        database: { kind: 'sqlite', file: path.join(freshDataDir, 'gardenswap.sqlite') },
        jwtSecret: readFileSync(path.join(freshDataDir, 'jwt-secret'), 'utf8').trim(),
      });
    } else {
      execFileSync('pg_restore', [
        '--no-owner',
        `--dbname=${database.url}`,
        path.join(freshDataDir, 'gardenswap.pgdump'),
      ]);
      dropRestoredSchema = async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query(`drop schema if exists ${database.schema} cascade`);
        await client.end();
      };
      restored = await buildTestApp({
        dataDir: freshDataDir,
        database,
        jwtSecret: readFileSync(path.join(freshDataDir, 'jwt-secret'), 'utf8').trim(),
      });
    }
  });

  afterAll(async () => {
    await restored?.close();
    await dropRestoredSchema();
    rmSync(work, { recursive: true, force: true });
  });

  it('was taken while members kept writing, and says what it holds', () => {
    expect(keptWriting).toBeGreaterThan(0);
    expect(output.join('\n')).toContain(`Backed up to ${out}`);
    expect(existsSync(path.join(out, dialect === 'sqlite' ? 'gardenswap.sqlite' : 'gardenswap.pgdump'))).toBe(true);
  });

  it('restores every listing with its photo', async () => {
    for (const listing of seeded.listings) {
      const res = await restored!.inject({ method: 'GET', url: `/api/listings/${listing.id}`, as: listing.owner });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: listing.title, owner_id: listing.owner.id });
    }
  });

  it('restores every photo, byte for byte, second photos and avatars included', async () => {
    expect(seeded.photos.size).toBe(seeded.listings.length * 4 + seeded.avatars.length);
    for (const [photoPath, bytes] of seeded.photos) {
      const res = await restored!.inject({ method: 'GET', url: `/api/${photoPath}` });
      expect(res.statusCode, photoPath).toBe(200);
      expect(res.rawPayload.equals(bytes), photoPath).toBe(true);
    }
    for (const { member, path: avatar } of seeded.avatars) {
      const profile = await restored!.inject({ method: 'GET', url: '/api/auth/profile', as: member });
      expect(profile.json().profile_picture).toBe(avatar);
    }
  });

  it('restores every message of every conversation, and the sessions with them', async () => {
    for (const thread of seeded.threads) {
      const res = await restored!.inject({ method: 'GET', url: `/api/messages/${thread.b.id}`, as: thread.a });
      expect(res.statusCode).toBe(200);
      const contents = (res.json() as { content: string }[]).map((m) => m.content);
      // Messages sent during the backup may or may not be in it; those sent before must all be.
      expect(contents.filter((c) => !c.startsWith('During the backup'))).toEqual(thread.contents);
    }
  });
});

describe('npm run backup, when a photo the database refers to is gone from the disk', () => {
  it(`fails and names the photo (${dialect})`, async () => {
    const ctx = await buildTestApp({ uploadsStore: 'disk' });
    const work = mkdtempSync(path.join(tmpdir(), 'gardenswap-backup-'));
    try {
      const owner = await createUser(ctx);
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/listings/',
        as: owner,
        ...multipartBody(
          { title: 'Runner beans', type_id: '3', category_id: '1' },
          { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo(10) },
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
      const image: string = res.json().featured_image;
      const file = path.join(ctx.config.dataDir, 'uploads', image.slice('uploads/'.length));
      expect(existsSync(file)).toBe(true);
      rmSync(file);

      const output: string[] = [];
      const code = await runBackup(ctx.config, ['--out', path.join(work, 'backup')], {
        out: (text) => output.push(text),
        err: (text) => output.push(text),
      });
      expect(code).toBe(1);
      expect(output.join('\n')).toContain(`Photos the database refers to are missing`);
      expect(output.join('\n')).toContain(image);
    } finally {
      await ctx.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
