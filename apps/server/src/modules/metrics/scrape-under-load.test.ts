import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { type MetricSample, samplesOf, scrape, sumOf, valueOf } from '../../../test/prometheus-text.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';

const REQUESTS = { listing: 120, missingListing: 50, unknownPath: 20, page: 10 };
const AT_ONCE = 20;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Runs the calls `AT_ONCE` at a time, as a steady crowd would. */
async function atOnce(calls: (() => Promise<unknown>)[]) {
  const queue = [...calls];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let call = queue.shift(); call; call = queue.shift()) await call();
    }),
  );
}

/** How much each matching counter rose between two scrapes. */
const rise = (before: MetricSample[], after: MetricSample[], name: string, labels: Record<string, string>) =>
  sumOf(after, name, labels) - sumOf(before, name, labels);

describe('GET /api/metrics while the app serves', () => {
  let ctx: TestContext;
  let url: string;
  let owner: TestUser;
  const sockets: ClientSocket[] = [];

  // A web app of its own: the suite may run before apps/web is built.
  const webDist = mkdtempSync(path.join(tmpdir(), 'gardenswap-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Gardenswap</title>');

  beforeAll(async () => {
    ctx = await buildTestApp({}, { webDist });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    owner = await createUser(ctx);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('counts 200 real requests under their route patterns, statuses and latency buckets', async () => {
    const { id } = await createListing(ctx, owner);
    const get = (path: string) => () =>
      fetch(`${url}${path}`, { headers: { authorization: `Bearer ${owner.token}` } }).then((res) => res.arrayBuffer());
    const before = (await scrape(url)).samples;
    await atOnce([
      ...Array.from({ length: REQUESTS.listing }, () => get(`/api/listings/${id}`)),
      ...Array.from({ length: REQUESTS.missingListing }, (_, i) => get(`/api/listings/${900_000 + i}`)),
      ...Array.from({ length: REQUESTS.unknownPath }, (_, i) => get(`/api/no-such-thing-${i}`)),
      ...Array.from({ length: REQUESTS.page }, (_, i) => get(`/marketplace/page-${i}`)),
    ]);
    const after = (await scrape(url)).samples;

    const requests = 'gardenswap_http_requests_total';
    const listing = { method: 'GET', route: '/api/listings/:id' };
    expect(rise(before, after, requests, { ...listing, status_code: '200' })).toBe(REQUESTS.listing);
    expect(rise(before, after, requests, { ...listing, status_code: '404' })).toBe(REQUESTS.missingListing);
    expect(rise(before, after, requests, { route: 'unmatched', status_code: '404' })).toBe(REQUESTS.unknownPath);
    expect(rise(before, after, requests, { route: 'web app' })).toBe(REQUESTS.page);
    // Routes are patterns, never URLs: no label names one listing or one unknown path.
    const routes = new Set(samplesOf(after, requests).map((s) => s.labels.route));
    expect([...routes].filter((route) => /\d/.test(route!))).toEqual([]);

    // Every read of the listing fell in the histogram once: the +Inf bucket and the count rose by
    // as many, and the buckets stay cumulative.
    const duration = 'gardenswap_http_request_duration_seconds';
    const ok = { ...listing, status_class: '2xx' };
    expect(rise(before, after, `${duration}_count`, ok)).toBe(REQUESTS.listing);
    expect(rise(before, after, `${duration}_bucket`, { ...ok, le: '+Inf' })).toBe(REQUESTS.listing);
    const buckets = samplesOf(after, `${duration}_bucket`, ok).map((s) => ({
      le: Number(s.labels.le === '+Inf' ? Infinity : s.labels.le),
      rose: rise(before, after, `${duration}_bucket`, { ...ok, le: s.labels.le! }),
    }));
    expect(buckets.length).toBeGreaterThan(5);
    const rises = buckets.sort((a, b) => a.le - b.le).map((b) => b.rose);
    expect(rises).toEqual([...rises].sort((a, b) => a - b));
    expect(rise(before, after, `${duration}_sum`, ok)).toBeGreaterThan(0);
    expect(rise(before, after, `${duration}_count`, { ...listing, status_class: '4xx' })).toBe(REQUESTS.missingListing);

    // Errors by status and by the error body's code.
    expect(rise(before, after, 'gardenswap_http_errors_total', { status_code: '404', code: 'NOT_FOUND' })).toBe(
      REQUESTS.missingListing + REQUESTS.unknownPath,
    );
  });

  it('shows the mail queue as the outbox holds it', async () => {
    const mail = { to_address: 'someone@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };
    await ctx.db
      .insertInto('outbox')
      .values([
        { ...mail, status: 'queued', next_attempt_at: minutesAgo(0), created_at: minutesAgo(10) },
        { ...mail, status: 'queued', next_attempt_at: minutesAgo(0), created_at: minutesAgo(2) },
        { ...mail, status: 'queued', next_attempt_at: minutesAgo(-5), created_at: minutesAgo(1) },
        { ...mail, status: 'sending', created_at: minutesAgo(3) },
        { ...mail, status: 'failed', created_at: minutesAgo(60 * 30) },
        { ...mail, status: 'failed', created_at: minutesAgo(60 * 20) },
        { ...mail, status: 'sent', created_at: minutesAgo(60 * 40) },
        { ...mail, status: 'kept', created_at: minutesAgo(60 * 50) },
      ])
      .execute();
    const { samples } = await scrape(url);
    expect(valueOf(samples, 'gardenswap_mail_queue_mails', { status: 'queued' })).toBe(3);
    expect(valueOf(samples, 'gardenswap_mail_queue_mails', { status: 'sending' })).toBe(1);
    expect(valueOf(samples, 'gardenswap_mail_queue_mails', { status: 'failed' })).toBe(2);
    // The oldest still waiting was queued ten minutes ago; the failed ones are not waiting.
    const oldest = valueOf(samples, 'gardenswap_mail_queue_oldest_waiting_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(660);
    expect(valueOf(samples, 'gardenswap_database_up')).toBe(1);
  });

  it('counts the chat sockets connected to this instance', async () => {
    const connected = async () => valueOf((await scrape(url)).samples, 'gardenswap_socketio_connections');
    expect(await connected()).toBe(0);
    const first = await connectTab(url, owner.token, sockets);
    await connectTab(url, (await createUser(ctx)).token, sockets);
    expect(await connected()).toBe(2);
    first.socket.close();
    await expect.poll(connected).toBe(1);
    expect(valueOf((await scrape(url)).samples, 'gardenswap_http_connections')).toBeGreaterThanOrEqual(1);
  });

  it("shows the database pools, the periodic sweeps' lag and the event loop", async () => {
    const { samples, contentType } = await scrape(url);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const pools = dialect === 'postgres' ? ['planned', 'oneplan'] : ['sqlite'];
    for (const pool of pools) {
      expect(valueOf(samples, 'gardenswap_db_pool_max_connections', { pool })).toBe(dialect === 'postgres' ? 10 : 1);
      expect(valueOf(samples, 'gardenswap_db_pool_connections', { pool })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'gardenswap_db_pool_idle_connections', { pool })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'gardenswap_db_pool_waiting', { pool })).toBe(0);
    }
    expect(new Set(samplesOf(samples, 'gardenswap_db_pool_connections').map((s) => s.labels.pool))).toEqual(
      new Set(pools),
    );

    for (const [sweep, everyMs] of [
      ['fresh listings', ctx.config.freshListings.sweepMs],
      ['unread-messages e-mails', ctx.config.offlineMail.sweepMs],
    ] as const) {
      expect(valueOf(samples, 'gardenswap_sweep_interval_seconds', { sweep })).toBe(everyMs / 1000);
      const lag = valueOf(samples, 'gardenswap_sweep_lag_seconds', { sweep })!;
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(everyMs / 1000);
    }

    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
