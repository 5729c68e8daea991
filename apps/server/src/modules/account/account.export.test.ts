import { createECDH, randomBytes } from 'node:crypto';
import { ACCOUNT_TEXTS, EXPORT_LINK_TTL_SECONDS, type ExportLink } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { revokeAllSessions } from '../../plugins/sessions/auth.tokens.js';
import { UPLOADS_PREFIX, photoUrls } from '../images/photo-urls.js';
import { type LivedInMember, livedInMember } from '../../../test/lived-in-member.js';
import { exportLinks } from './export-links.js';

/** Reads a whole ZIP with a real unzip library: every entry's name and bytes. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function storedBytes(ctx: TestContext, path: string) {
  const found = await ctx.app.images.store.get(path.slice(UPLOADS_PREFIX.length));
  if (!found) throw new Error(`${path} is not stored`);
  if (Buffer.isBuffer(found.body)) return found.body;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['disk', 'database'] as const)('download my data (photos on %s)', (uploadsStore) => {
  let ctx: TestContext;
  let lived: LivedInMember;

  beforeAll(async () => {
    ctx = await buildTestApp({ uploadsStore });
    lived = await livedInMember(ctx, 'exp1');
    // The seeds are a seed lot, with its details.
    await ctx.db
      .updateTable('listings')
      .set({ category_id: 2, variety: 'Moon and Stars', packed_year: 2020, organic: 1 })
      .where('id', '=', lived.privateListing.id)
      .execute();
  });
  afterAll(() => ctx.close());

  const askLink = (token?: string) => ctx.inject({ method: 'POST', url: '/api/account/export-link', as: token });
  const download = (url: string) => ctx.inject({ method: 'GET', url });

  it('hands out a link that downloads a ZIP of my data without the session token', async () => {
    const linkRes = await askLink(lived.member.token);
    expect(linkRes.statusCode).toBe(200);
    const link = linkRes.json<ExportLink>();
    expect(link.url).toMatch(/^\/api\/account\/export\?v=\d+&exp=\d+&sig=[\w-]+$/);
    const left = new Date(link.expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan((EXPORT_LINK_TTL_SECONDS - 5) * 1000);
    expect(left).toBeLessThanOrEqual(EXPORT_LINK_TTL_SECONDS * 1000);

    const res = await download(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="gardenswap-${lived.member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const files = await unzip(res.rawPayload);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'profile.json',
        'listings.json',
        'want-list.json',
        'friends.json',
        'messages.json',
        'notifications.json',
        'blocks.json',
        'reports.json',
        'trades.json',
        'events.json',
        'emails.json',
        'push-devices.json',
        'photos/profile-picture.webp',
        `photos/listing-${lived.publicListing.id}.webp`,
        `photos/listing-${lived.privateListing.id}.webp`,
        `photos/event-${lived.event.id}.webp`,
      ].sort(),
    );

    const profile = json('profile.json');
    expect(profile).toMatchObject({
      id: lived.member.id,
      username: lived.member.username,
      email: lived.member.email,
      first_name: 'Firstexp1',
      last_name: 'Lastexp1',
      address: '12 exp1 Lane',
      city: 'Provo',
      email_notifications: { matches: true, friend_requests: true, messages: true },
      push_notifications: { messages: false, matches: false, friend_requests: false, trades: false, events: false },
    });
    expect(JSON.stringify(profile)).not.toMatch(/password|argon2|sessions_valid_from/);

    const listings = json('listings.json');
    expect(listings.map((l: { title: string }) => l.title)).toEqual(['Tomatoes exp1', 'Seeds exp1']);
    expect(listings[1]).toMatchObject({ is_public: false, featured_image: lived.privateListing.photo.image });
    expect(listings[1]).toMatchObject({ variety: 'Moon and Stars', packed_year: 2020, organic: true, can_mail: null });
    expect(listings[0]).toMatchObject({ variety: null, pollination: null, organic: null });
    expect(json('want-list.json')).toEqual([expect.objectContaining({ id: lived.wantId, title: 'Basil exp1' })]);
    expect(json('events.json')).toEqual({
      hosting: [expect.objectContaining({ id: lived.event.id, title: 'Swap exp1', zip_code: '84601' })],
      going: [],
    });

    const friends = json('friends.json');
    expect(friends).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: lived.friend.id, username: lived.friend.username, status: 'friends' }),
        expect.objectContaining({ user_id: lived.requested.id, status: 'request pending', requested_by: 'me' }),
      ]),
    );
    const messages = json('messages.json');
    expect(messages).toEqual([
      expect.objectContaining({ direction: 'sent', content: 'Hello from exp1' }),
      expect.objectContaining({ direction: 'received', content: 'Hi back to exp1' }),
    ]);
    expect(messages[0].other_member).toEqual({ id: lived.friend.id, username: lived.friend.username });
    expect(json('notifications.json')).toEqual([
      expect.objectContaining({ type: 'friend_accepted', from_user_id: lived.friend.id }),
    ]);
    expect(json('blocks.json')).toEqual([expect.objectContaining({ user_id: lived.blocked.id })]);
    expect(json('reports.json')).toEqual([expect.objectContaining({ reason: 'Rude exp1', target_type: 'user' })]);
    expect(json('emails.json')).toEqual([expect.objectContaining({ subject: 'Welcome exp1' })]);
    expect(json('push-devices.json')).toEqual([]);
    expect(json('trades.json')).toMatchObject({
      interests: [],
      trades: [{ listing_title: 'Tomatoes exp1', kind: 'given', role: 'owner', receiver: { id: lived.friend.id } }],
      thanks_given: [{ content: 'Thanks exp1', to_user_id: lived.friend.id }],
      thanks_received: [{ content: 'Cheers exp1', from_user_id: lived.friend.id, hidden: false }],
    });

    expect(files.get('photos/profile-picture.webp')).toEqual(await storedBytes(ctx, lived.avatar));
    expect(files.get(`photos/listing-${lived.publicListing.id}.webp`)).toEqual(
      await storedBytes(ctx, lived.publicListing.photo.image),
    );
    expect(files.get(`photos/listing-${lived.privateListing.id}.webp`)).toEqual(
      await storedBytes(ctx, lived.privateListing.photo.image),
    );
  });

  it('includes my push switches and devices, each with its push service only, never its keys', async () => {
    const member = await createUser(ctx);
    const other = await createUser(ctx);
    const subscribe = async (who: { token: string }, endpoint: string) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        as: who,
        payload: { endpoint, expirationTime: null, keys },
      });
      expect(res.statusCode).toBe(201);
      return keys;
    };
    const patched = await ctx.inject({
      method: 'PATCH',
      url: '/api/push/settings',
      as: member,
      payload: { messages: true, trades: true },
    });
    expect(patched.statusCode).toBe(200);
    const phone = await subscribe(member, 'https://fcm.googleapis.com/fcm/send/phone-token-secret');
    const laptop = await subscribe(member, 'https://updates.push.services.mozilla.com/wpush/v2/laptop-token-secret');
    await subscribe(other, 'https://web.push.apple.com/other-member-token');

    const res = await download((await askLink(member.token)).json<ExportLink>().url);
    const files = await unzip(res.rawPayload);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect(json('profile.json').push_notifications).toEqual({
      messages: true,
      matches: false,
      friend_requests: false,
      trades: true,
      events: false,
    });
    const devices = json('push-devices.json');
    expect(devices).toEqual([
      { created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/), push_service: 'https://fcm.googleapis.com' },
      {
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        push_service: 'https://updates.push.services.mozilla.com',
      },
    ]);
    const all = [...files.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    for (const secret of [phone.p256dh, phone.auth, laptop.p256dh, laptop.auth, 'token-secret', 'apple.com'])
      expect(all, secret).not.toContain(secret);
  });

  it('holds nothing of another member', async () => {
    const other = await livedInMember(ctx, 'exp2');
    const res = await download((await askLink(other.member.token)).json<ExportLink>().url);
    const files = await unzip(res.rawPayload);
    const all = [...files.entries()]
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    expect(all).toContain('Tomatoes exp2');
    expect(all).not.toMatch(/exp1/);
  });

  it('writes a long message history page by page, all of it', async () => {
    const talker = await createUser(ctx);
    const other = await createUser(ctx);
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      sender_id: i % 2 ? talker.id : other.id,
      receiver_id: i % 2 ? other.id : talker.id,
      content: `line ${i}`,
      client_id: null,
    }));
    for (let i = 0; i < rows.length; i += 400)
      await ctx.db
        .insertInto('messages')
        .values(rows.slice(i, i + 400))
        .execute();
    const res = await download((await askLink(talker.token)).json<ExportLink>().url);
    const messages = JSON.parse((await unzip(res.rawPayload)).get('messages.json')!.toString('utf8'));
    expect(messages).toHaveLength(1234);
    expect(messages.at(-1).content).toBe('line 1233');
  });

  it('needs a session to hand out a link', async () => {
    const res = await askLink();
    expect(res.statusCode).toBe(401);
  });

  it('refuses a tampered, expired, borrowed or stale link with 404 and the one error body', async () => {
    const url = new URL((await askLink(lived.member.token)).json<ExportLink>().url, 'http://x');
    const stranger = await createUser(ctx);
    const tampered = new URL(url);
    tampered.searchParams.set('v', String(stranger.id));
    const past = exportLinks(ctx.config.jwtSecret, () => Date.now() - (EXPORT_LINK_TTL_SECONDS + 1) * 1000);
    const expired = past.issue(lived.member.id).url;
    const otherKey = exportLinks('another secret of at least thirty-two characters').issue(lived.member.id).url;
    // A photo URL's signature is not a download's.
    const photoSigned = photoUrls(ctx.config.jwtSecret)
      .signerFor(lived.member.id)('uploads/x.webp', { is_public: false, is_active: true })!
      .split('?')[1]!;
    const photoSig = new URLSearchParams(photoSigned);
    const fromPhoto = `/api/account/export?v=${lived.member.id}&exp=${photoSig.get('exp')}&sig=${photoSig.get('sig')}`;
    for (const bad of [
      tampered.pathname + tampered.search,
      expired,
      otherKey,
      fromPhoto,
      '/api/account/export',
      `/api/account/export?v=${lived.member.id}&exp=abc&sig=x`,
    ]) {
      const res = await download(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ detail: ACCOUNT_TEXTS.exportLinkInvalid, code: 'NOT_FOUND' });
    }
  });

  it('ends the links handed out before every session was ended', async () => {
    const member = await createUser(ctx);
    const { url } = (await askLink(member.token)).json<ExportLink>();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await revokeAllSessions(ctx.db, member.id);
    expect((await download(url)).statusCode).toBe(404);
  });
});
