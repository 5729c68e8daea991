import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetricSample, samplesOf, scrape, sumOf, valueOf } from '../prometheus-text.js';
import { call, type Member, photo, register, slowUpload } from './gardeners.js';
import { type ServerProcess, startServer } from './server-process.js';
import { hasPostgresBinaries, signal, startPostgres, type ThrowawayPostgres } from './services.js';

// What an operator watches, on the real server process and a throwaway PostgreSQL: the metrics
// and the probes while PostgreSQL is stopped and once it is back, then readiness once SIGTERM
// starts the drain. While the database is away the metrics still answer 200 with all they can
// (the gauges read from the database left out), liveness stays 200 and readiness is 503; ready
// again within five seconds of the database being back; never ready again once draining.

const RECOVERY_MS = 5000;
const ANSWER_MS = 2000;
const QUEUED = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds of the answer, or fails after `ms` with the last answer. */
async function until<T>(what: string, ask: () => Promise<T>, check: (answer: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await ask();
    if (check(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(answer)} after ${ms} ms`);
    await sleep(50);
  }
}

describe.skipIf(!hasPostgresBinaries())('the metrics and the probes through a PostgreSQL outage and a drain', () => {
  let postgres: ThrowawayPostgres;
  let server: ServerProcess;
  let member: Member;

  const status = async (path: string) => (await call(server.url, 'GET', path)).status;
  const mailQueue = (samples: MetricSample[]) => samplesOf(samples, 'gardenswap_mail_queue_mails');

  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServer({ DATABASE_URL: postgres.url });
    member = await register(server.url, 'watcher');
    // E-mails waiting to be sent (no SMTP_URL here: nothing sends them, they stay queued).
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    for (let i = 0; i < QUEUED; i++)
      await client.query(
        `insert into outbox (to_address, subject, html, text, status, next_attempt_at)
         values ('rosa@example.org', 'Hello', '<p>Hi</p>', 'Hi', 'queued', now())`,
      );
    await client.end();
  });

  afterAll(async () => {
    await server?.stop();
    await postgres?.destroy();
  });

  it('answers metrics and liveness while PostgreSQL is down, and is ready only while it is up', async () => {
    const before = await scrape(server.url);
    expect(before.status).toBe(200);
    expect(valueOf(before.samples, 'gardenswap_database_up')).toBe(1);
    expect(valueOf(before.samples, 'gardenswap_mail_queue_mails', { status: 'queued' })).toBe(QUEUED);
    expect(await status('/api/health/ready')).toBe(200);
    expect(await status('/api/health/live')).toBe(200);

    await postgres.stop();
    const listings = await call(server.url, 'GET', '/api/listings/?public=true', member);
    expect(listings.status).toBe(503);
    await until(
      'ready while PostgreSQL is down',
      () => status('/api/health/ready'),
      (s) => s === 503,
      ANSWER_MS,
    );
    expect(await status('/api/health/live')).toBe(200);

    for (let i = 0; i < 3; i++) {
      const startedAt = Date.now();
      const during = await scrape(server.url);
      expect(during.status, during.text).toBe(200);
      expect(Date.now() - startedAt).toBeLessThanOrEqual(ANSWER_MS);
      expect(valueOf(during.samples, 'gardenswap_database_up')).toBe(0);
      // Nothing stale: the queue is left out while it cannot be read.
      expect(mailQueue(during.samples)).toEqual([]);
      expect(valueOf(during.samples, 'gardenswap_mail_queue_oldest_waiting_seconds')).toBeUndefined();
      // All the rest is there, the outage itself included.
      expect(
        sumOf(during.samples, 'gardenswap_http_requests_total', { route: '/api/listings/', status_code: '503' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sumOf(during.samples, 'gardenswap_http_errors_total', { status_code: '503', code: 'SERVICE_UNAVAILABLE' }),
      ).toBeGreaterThanOrEqual(2);
      expect(valueOf(during.samples, 'gardenswap_db_pool_max_connections', { pool: 'planned' })).toBe(10);
      expect(valueOf(during.samples, 'gardenswap_sweep_lag_seconds', { sweep: 'fresh listings' })).toBeGreaterThan(0);
      expect(valueOf(during.samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      await sleep(200);
    }
    expect(await status('/api/health/ready')).toBe(503);

    await postgres.start();
    await until(
      'ready once PostgreSQL is back',
      () => status('/api/health/ready'),
      (s) => s === 200,
      RECOVERY_MS,
    );
    const after = await scrape(server.url);
    expect(valueOf(after.samples, 'gardenswap_database_up')).toBe(1);
    expect(valueOf(after.samples, 'gardenswap_mail_queue_mails', { status: 'queued' })).toBe(QUEUED);
    expect(valueOf(after.samples, 'gardenswap_mail_queue_oldest_waiting_seconds')).toBeGreaterThan(0);
    // Nothing answered 500 through it all, the scrapes included.
    expect(sumOf(after.samples, 'gardenswap_http_requests_total', { status_code: '500' })).toBe(0);
    expect(
      sumOf(after.samples, 'gardenswap_http_requests_total', { route: '/api/metrics', status_code: '200' }),
    ).toBeGreaterThanOrEqual(4);
  });

  it('is never ready again once SIGTERM starts the drain, while an upload in flight completes', async () => {
    expect(await status('/api/health/ready')).toBe(200);
    const upload = slowUpload(server.url, member, await photo());
    await upload.started;
    await sleep(300);

    signal(server.child.pid, 'SIGTERM');
    await until(
      'the drain to start',
      async () => server.output(),
      // The server's own line: PostgreSQL's "the database system is shutting down" from the outage
      // above may already be in the output.
      (out) => out.includes('shutting down: finishing requests in flight'),
      ANSWER_MS,
    );
    // Each probe is refused: 503 while the shutdown steps run, then no connection at all (0).
    const probes: number[] = [];
    for (let i = 0; i < 10; i++) {
      probes.push(await status('/api/health/ready'));
      await sleep(50);
    }
    upload.finish();

    console.log(`readiness probes while draining: ${probes.join(' ')}`);
    expect(probes.filter((s) => s !== 503 && s !== 0)).toEqual([]);
    expect((await upload.answer).status).toBe(201);
    expect(await server.exit()).toEqual({ code: 0, signal: null });
  });
});
