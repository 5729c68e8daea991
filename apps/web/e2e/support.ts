import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
  chromium,
  expect,
} from '@playwright/test';

const require = createRequire(import.meta.url);

export const PASSWORD = 'garden-path-2026';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

let counter = 0;
/** A username and e-mail no other journey uses. */
export function uniqueMember(prefix: string) {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const username = `${prefix}_${tag}`.slice(0, 30);
  return { username, email: `${username}@example.com`, first_name: prefix, last_name: 'Gardener', password: PASSWORD };
}

export type Member = ReturnType<typeof uniqueMember> & { id: number; token: string };

/** Registers and signs in through the API (for the members a journey only needs to exist). */
export async function createMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const member = uniqueMember(prefix);
  const reg = await request.post('/api/auth/register', { data: member });
  expect(reg.status()).toBe(201);
  // Members of the other journeys have confirmed their address, so the e-mails meant for them go out.
  const [link] = await mailLinks(member.email, '/confirm-email', 1);
  const confirmed = await request.post('/api/auth/email/confirm', {
    data: { token: new URL(link!).searchParams.get('token') },
  });
  expect(confirmed.status()).toBe(200);
  return logIn(request, member);
}

/** Registers and signs in through the API without confirming the address: every page shows the banner. */
export async function createUnconfirmedMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const member = uniqueMember(prefix);
  const reg = await request.post('/api/auth/register', { data: member });
  expect(reg.status()).toBe(201);
  return logIn(request, member);
}

async function logIn(request: APIRequestContext, member: ReturnType<typeof uniqueMember>): Promise<Member> {
  const login = await request.post('/api/auth/login', { form: { username: member.email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  return { ...member, id: body.user.id, token: body.access_token };
}

/**
 * The phone-app journeys (install, push, offline, share) open their contexts with this. Every other
 * context runs without the service worker (playwright.config.ts), as a browser that has none: the
 * app must work as a plain web page too, and a hundred contexts each precaching the whole release
 * starved Chromium's storage on two cores, so that screens waited past their timeouts.
 */
export const WITH_WORKER = { serviceWorkers: 'allow' } as const;

/** Opens a page already signed in as the member (the session the web app stores after login). */
export async function signedInPage(
  browser: Browser,
  member: Member,
  viewport = PHONE,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, ...options });
  await context.addInitScript(
    ([token, user]) => {
      // Once per tab: a later sign-out (or a 401) must stay signed out across navigations.
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('auth', JSON.stringify({ token, user, expiresAt: Date.now() + 7 * 86_400_000 }));
    },
    [member.token, { id: member.id, username: member.username }] as const,
  );
  return context.newPage();
}

/**
 * A browser profile of its own, as a person's browser is: Chromium considers installing an app,
 * or subscribing to pushes, only outside the incognito profile a `browser.newContext()` gives.
 * Signed in as `member` when one is given. Close it with `close()`, which also removes the profile.
 */
export async function ownProfile(testInfo: TestInfo, member?: Member, viewport = PHONE) {
  const { launchOptions, baseURL } = testInfo.project.use;
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-profile-'));
  const context: BrowserContext = await chromium.launchPersistentContext(dir, {
    ...launchOptions,
    baseURL,
    viewport,
    ...WITH_WORKER,
  });
  if (member)
    await context.addInitScript(
      ([token, user]) => {
        if (sessionStorage.getItem('e2e-signed-in')) return;
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('auth', JSON.stringify({ token, user, expiresAt: Date.now() + 7 * 86_400_000 }));
      },
      [member.token, { id: member.id, username: member.username }] as const,
    );
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the page's service worker is active (installed, its precache filled). */
export async function serviceWorkerActive(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), {
      timeout: 30_000,
    })
    .toBe('activated');
}

/** Signs in through the login card, as a person would. */
export async function loginThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
}

/** Saves a screenshot as a test artifact (test-results/screenshots). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousA11yViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  });
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Request headers of a member's session. */
export const bearer = (member: Pick<Member, 'token'>) => ({ authorization: `Bearer ${member.token}` });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small, valid PNG photo for file inputs (`setInputFiles`): a square in the given colour with a
 * lighter diagonal, so the browser's compression and the server's decoder both get a real picture.
 */
export function pngPhoto(name = 'photo.png', rgb: [number, number, number] = [70, 140, 60], size = 64) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const light = Math.abs(x - y) < size / 8 ? 80 : 0;
      row[1 + x * 3] = Math.min(255, rgb[0] + light);
      row[2 + x * 3] = Math.min(255, rgb[1] + light);
      row[3 + x * 3] = Math.min(255, rgb[2] + light);
    }
    rows.push(row);
  }
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

export interface ListingFields {
  title: string;
  description?: string;
  price?: number;
  type_id?: number;
  category_id?: number;
  is_public?: boolean;
  is_active?: boolean;
  state_id?: number;
  /** A seed lot's details (kept in the seeds category only). */
  variety?: string;
  packed_year?: number;
  pollination?: 'open_pollinated' | 'heirloom' | 'hybrid' | 'unknown';
  organic?: boolean;
  quantity?: string;
  can_mail?: boolean;
}

/** Posts a listing through the API (JSON, or multipart with a photo) and returns it. */
export async function postListing(
  request: APIRequestContext,
  member: Member,
  fields: ListingFields,
  photo?: ReturnType<typeof pngPhoto>,
) {
  const values = { description: '', type_id: 1, price: 5, category_id: 1, ...fields };
  const response = photo
    ? await request.post('/api/listings/', {
        headers: bearer(member),
        multipart: { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])), image: photo },
      })
    : await request.post('/api/listings/', { headers: bearer(member), data: values });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; title: string; is_public: boolean; featured_image: string | null };
}

/** Adds an item to a member's wish list through the API. */
export async function postWant(request: APIRequestContext, member: Member, title: string, category_id = 1) {
  const response = await request.post('/api/listings/want-listings', {
    headers: bearer(member),
    data: { title, category_id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; title: string; category_id: number };
}

/** Makes two members friends through the API: a request each way accepts it. */
export async function makeFriends(request: APIRequestContext, a: Member, b: Member) {
  const asked = await request.post('/api/auth/friends/request', { headers: bearer(a), data: { friend_id: b.id } });
  expect(asked.status()).toBe(201);
  const answered = await request.post('/api/auth/friends/request', { headers: bearer(b), data: { friend_id: a.id } });
  expect(answered.status()).toBe(201);
  expect((await answered.json()).status).toBe('accepted');
}

/** Sends a message through the API. */
export async function postMessage(request: APIRequestContext, from: Member, to: Member, content: string) {
  const response = await request.post('/api/messages', {
    headers: bearer(from),
    data: { receiver_id: to.id, content },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Sets a member's location (and photo) the way onboarding does, through the API. */
export async function setLocation(
  request: APIRequestContext,
  member: Member,
  place: { city: string; state: string; postcode: string },
  photo?: ReturnType<typeof pngPhoto>,
) {
  const response = await request.post('/api/auth/upload-profile-image', {
    headers: bearer(member),
    multipart: photo ? { ...place, file: photo } : place,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The session the web app stored after signing in (localStorage `auth`). */
export async function storedSession(page: Page) {
  const raw = await page.evaluate(() => localStorage.getItem('auth'));
  expect(raw).not.toBeNull();
  return JSON.parse(raw!) as { token: string; user: { id: number; username: string } };
}

/**
 * Resolves once the page's live connection (socket.io) has joined: call it before the navigation
 * that opens the socket, and await it before anything that relies on a live push.
 */
export function socketJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      });
    });
  });
}

/** The e-mails the server has sent so far, as the SMTP sink received them (raw, with X-Envelope-To). */
export function sentMails(): { to: string; raw: string }[] {
  const dir = fileURLToPath(new URL('../test-results/mail', import.meta.url));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => {
      const raw = readFileSync(`${dir}/${f}`, 'utf8');
      return { to: /^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '', raw };
    });
}

/**
 * The links to `path` (e.g. '/confirm-email') in the e-mails sent to an address, oldest first,
 * once at least `count` of them have arrived.
 */
export async function mailLinks(to: string, path: string, count = 1): Promise<string[]> {
  const pattern = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`);
  const links = () =>
    sentMails()
      .filter((m) => m.to === to.toLowerCase())
      .map((m) => pattern.exec(mailText(m.raw))?.[0])
      .filter((l): l is string => l !== undefined);
  await expect
    .poll(() => links().length, { message: `${count} e-mail(s) to ${to} with a ${path} link` })
    .toBeGreaterThanOrEqual(count);
  return links();
}

/** A word no other listing holds (letters only, so every search index keeps it whole). */
export function uniqueWord(prefix = 'plot') {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** The header's bell: its accessible name carries the unread count ("Notifications, 2 unread"). */
export function notificationBell(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

/** The unread count the bell announces (0 when it says plain "Notifications"). */
export async function bellCount(page: Page) {
  const label = (await notificationBell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

export interface NotificationRow {
  id: number;
  type: 'match' | 'friend_request' | 'friend_accepted';
  read_at: string | null;
  listing_id: number | null;
  want_id: number | null;
  from_user: { id: number; username: string } | null;
}

/** A member's notifications through the API, newest first. */
export async function notificationsOf(request: APIRequestContext, member: Member) {
  const response = await request.get('/api/notifications', { headers: bearer(member) });
  expect(response.status()).toBe(200);
  return (await response.json()) as NotificationRow[];
}

/** One header of a raw e-mail, its folded lines joined again. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A raw e-mail's text with quoted-printable soft breaks and escapes undone (enough to find links in it). */
export function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A marketplace card by its title, of one seller's listings: other journeys (and retries) post
 * public listings with the same titles.
 */
export function listingCard(page: Page, seller: Pick<Member, 'username'>, title: string) {
  return page
    .getByRole('article')
    .filter({ hasText: seller.username })
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/**
 * Makes a member a moderator the way the operator does: `npm run moderator -- add <email>`'s own
 * script, on the journeys' server database (its DATA_DIR, see playwright.config.ts).
 */
export function makeModerator(member: Pick<Member, 'email'>) {
  const script = fileURLToPath(new URL('../../server/dist/tools/moderator.js', import.meta.url));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const dataDir = fileURLToPath(new URL('../test-results/server-data', import.meta.url));
  const out = execFileSync(process.execPath, [script, 'add', member.email], {
    env: { ...env, NODE_ENV: 'test', DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(out).toContain('is now a moderator');
}
