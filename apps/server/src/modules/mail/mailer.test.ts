import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, MAIL_QUEUE, type MailQueueSettings } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { type Database, nowIso, toIso } from '../../db/schema.js';
import { buildTestApp, createPgSchema, dialect, testConfig, type TestContext } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { sparePort } from '../../../test/faults/services.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { type OutgoingMail, mailerOf, retryDelay } from './mailer.js';
import { runOutbox } from '../../tools/outbox.js';
import { claimDueMails } from './outbox.queries.js';

/** The queue in tens of milliseconds, so retries and leases play out within a test. */
const quick = (settings: Partial<MailQueueSettings> = {}): MailQueueSettings => ({
  ...MAIL_QUEUE,
  pollMs: 50,
  pollMaxMs: 200,
  retryBaseMs: 100,
  retryMaxMs: 400,
  leaseMs: 10_000,
  smtp: { connectionTimeoutMs: 2_000, greetingTimeoutMs: 2_000, socketTimeoutMs: 3_000 },
  ...settings,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 8_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

let seq = 0;
const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => {
  const n = ++seq;
  return {
    to: `reader${n}@example.org`,
    subject: `Mail ${n} ${Date.now()}`,
    html: `<p>Mail ${n}</p>`,
    text: `Mail ${n}`,
    ...overrides,
  };
};

const row = (ctx: Pick<TestContext, 'db'>, to: string) =>
  ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

/** One database two apps (or two starts of one) can share: a PostgreSQL schema or an SQLite file. */
async function sharedDatabase(): Promise<{ database: Config['database']; drop(): Promise<void> }> {
  if (dialect === 'postgres') {
    const created = await createPgSchema();
    return { database: { kind: 'postgres', url: created.url, schema: created.schema }, drop: created.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-mail-'));
  return {
    database: { kind: 'sqlite', file: path.join(dir, 'shared.sqlite') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A mail server that is out of service: it answers every connection 421 and hangs up. */
async function refusingServer(port = 0) {
  const connections: number[] = [];
  const server = net.createServer((socket) => {
    connections.push(Date.now());
    socket.end('421 127.0.0.1 Service not available, try again later\r\n');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the e-mail queue', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });
  const track = <T extends { close(): Promise<void> }>(thing: T) => {
    opened.push(thing);
    return thing;
  };

  it('delivers an e-mail to the SMTP server, with its List-Unsubscribe headers, and marks it sent', async () => {
    const sink = track(await startSmtpSink());
    const ctx = track(await buildTestApp({ smtpUrl: sink.url, mailQueue: quick() }));
    // The e-mail shows the page; mail clients get the address that takes the one-click POST.
    const m = mail({ unsubscribeUrl: 'http://localhost:3000/unsubscribe?token=t' });
    await mailerOf(ctx.app.server)!.send(m);
    await mailerOf(ctx.app.server)!.idle();

    expect(sink.to(m.to)).toHaveLength(1);
    const [received] = sink.to(m.to);
    expect(received!.subject).toBe(m.subject);
    expect(received!.headers['list-unsubscribe']).toBe('<http://localhost:3000/api/mail/unsubscribe?token=t>');
    expect(received!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const stored = await row(ctx, m.to);
    expect(stored).toMatchObject({ status: 'sent', error: null, locked_by: null, locked_until: null });
    expect(Number(stored.attempts)).toBe(1);
    expect(stored.sent_at).not.toBeNull();
    // The same Message-ID on every attempt: a receiver can tell a repeat from a new e-mail.
    expect(received!.headers['message-id']).toBe(
      `<outbox.${stored.id}.${Date.parse(toIso(stored.created_at))}@localhost>`,
    );
  });

  it('sends a security notice, which has no unsubscribe link, without List-Unsubscribe', async () => {
    const sink = track(await startSmtpSink());
    const ctx = track(await buildTestApp({ smtpUrl: sink.url, mailQueue: quick() }));
    const m = mail();
    await mailerOf(ctx.app.server)!.send(m);
    await mailerOf(ctx.app.server)!.idle();
    const [received] = sink.to(m.to);
    expect(received).toBeDefined();
    expect(received!.headers['list-unsubscribe']).toBeUndefined();
    expect(received!.headers['list-unsubscribe-post']).toBeUndefined();
  });

  it('has the invitation written in the outbox before it answers 202', async () => {
    // A server that takes no mail: what the test reads can only be what the request wrote.
    const ctx = track(await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${await sparePort()}`, mailQueue: quick() }));
    const member = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/invite',
      as: member,
      payload: { email: 'pal@example.org' },
    });
    expect(res.statusCode).toBe(202);
    const stored = await row(ctx, 'pal@example.org');
    expect(['queued', 'sending']).toContain(stored.status);
    expect(stored.sent_at).toBeNull();
  });

  it('keeps e-mails when SMTP_URL is unset: status kept, never sent nor retried', async () => {
    const ctx = track(await buildTestApp());
    const m = mail();
    await mailerOf(ctx.app.server)!.send(m);
    await mailerOf(ctx.app.server)!.idle();
    expect(await row(ctx, m.to)).toMatchObject({ status: 'kept', attempts: 0, next_attempt_at: null, sent_at: null });
  });

  it('retries with a doubling, capped wait while the SMTP server is down, and delivers once when it is back', async () => {
    const down = await refusingServer();
    const ctx = track(
      await buildTestApp({
        smtpUrl: `smtp://127.0.0.1:${down.port}`,
        mailQueue: quick({ retryBaseMs: 200, retryMaxMs: 800 }),
      }),
    );
    const m = mail();
    await mailerOf(ctx.app.server)!.send(m);
    await until(() => down.connections.length >= 5);
    await down.close();

    const gaps = down.connections.slice(1, 5).map((t, i) => t - down.connections[i]!);
    // 200, 400, 800, then capped at 800 (each noticed within one 50 ms poll).
    expect(gaps[0]).toBeGreaterThanOrEqual(190);
    expect(gaps[1]).toBeGreaterThanOrEqual(390);
    expect(gaps[2]).toBeGreaterThanOrEqual(790);
    expect(gaps[3]).toBeGreaterThanOrEqual(790);
    expect(gaps[3]).toBeLessThan(1_400);
    const waiting = await row(ctx, m.to);
    expect(waiting.status).toMatch(/queued|sending/);
    expect(waiting.error).toMatch(/421/);

    const sink = track(await startSmtpSink({ port: down.port }));
    await until(() => sink.to(m.to).length > 0);
    await mailerOf(ctx.app.server)!.idle();
    await sleep(300);
    expect(sink.to(m.to)).toHaveLength(1);
    const sent = await row(ctx, m.to);
    expect(sent).toMatchObject({ status: 'sent', error: null });
    expect(Number(sent.attempts)).toBeGreaterThanOrEqual(6);
  });

  it('gives an e-mail up once it is older than the deadline, keeping the last error, and tries it no more', async () => {
    const ctx = track(
      await buildTestApp({
        smtpUrl: `smtp://127.0.0.1:${await sparePort()}`,
        mailQueue: quick({ retryBaseMs: 100, retryMaxMs: 100, giveUpAfterMs: 500 }),
      }),
    );
    const m = mail();
    await mailerOf(ctx.app.server)!.send(m);
    await until(async () => (await row(ctx, m.to)).status === 'failed');
    const failed = await row(ctx, m.to);
    expect(failed.error).toMatch(/ECONNREFUSED/);
    expect(Number(failed.attempts)).toBeGreaterThanOrEqual(2);
    expect(failed).toMatchObject({ next_attempt_at: null, locked_by: null, sent_at: null });
    await sleep(400);
    expect(Number((await row(ctx, m.to)).attempts)).toBe(Number(failed.attempts));
  });

  it("shows an e-mail's status to its recipient and to the operator", async () => {
    const ctx = track(
      await buildTestApp({
        smtpUrl: `smtp://127.0.0.1:${await sparePort()}`,
        mailQueue: quick({ giveUpAfterMs: 0 }),
      }),
    );
    const member = await createUser(ctx);
    await mailerOf(ctx.app.server)!.send(mail({ to: member.email }));
    await mailerOf(ctx.app.server)!.idle();

    const own = await ctx.inject({ method: 'GET', url: '/api/mail/outbox', as: member });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        next_attempt_at: null,
        error: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);

    const run = async (argv: string[]) => {
      const out: string[] = [];
      const code = await runOutbox(ctx.config, argv, { out: (t) => out.push(t), err: (t) => out.push(t) });
      return { code, out: out.join('\n') };
    };
    const failed = await run(['--status', 'failed']);
    expect(failed.code).toBe(0);
    expect(failed.out).toContain(member.email);
    expect(failed.out).toMatch(/\(failed after 1 attempt: connect ECONNREFUSED/);
    expect(await run(['--status', 'sent'])).toEqual({ code: 0, out: 'The outbox is empty.' });
    expect((await run(['--status', 'lost'])).code).toBe(2);
  });

  it('retakes an e-mail whose worker died mid-send once its lease has run out, not before', async () => {
    const sink = track(await startSmtpSink());
    const ctx = track(await buildTestApp({ smtpUrl: sink.url, mailQueue: quick() }));
    const m = mail();
    await ctx.db
      .insertInto('outbox')
      .values({
        to_address: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: null,
        status: 'sending',
        attempts: 1,
        next_attempt_at: nowIso(),
        locked_by: 'a worker that was killed',
        locked_until: new Date(Date.now() + 600).toISOString(),
      })
      .execute();
    await sleep(300);
    expect(sink.to(m.to)).toEqual([]);
    await mailerOf(ctx.app.server)!.idle();
    expect(sink.to(m.to)).toHaveLength(1);
    expect(await row(ctx, m.to)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps polling through a database outage and sends what was queued once it is back', async () => {
    const sink = track(await startSmtpSink());
    const lines: string[] = [];
    const ctx = track(
      await buildTestApp(
        { smtpUrl: sink.url, logLevel: 'warn', mailQueue: quick() },
        { logStream: { write: (line: string) => lines.push(line) } },
      ),
    );
    const m = mail();
    await ctx.db
      .insertInto('outbox')
      .values({
        to_address: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: null,
        status: 'queued',
        next_attempt_at: new Date(Date.now() + 400).toISOString(),
      })
      .execute();
    // The queue's table is gone for a while: every query of the worker fails.
    await ctx.db.schema.alterTable('outbox').renameTo('outbox_away').execute();
    await until(() => lines.filter((l) => l.includes('e-mail queue unreachable')).length >= 2);
    await ctx.db.schema.alterTable('outbox_away').renameTo('outbox').execute();

    await until(() => sink.to(m.to).length > 0);
    await mailerOf(ctx.app.server)!.idle();
    expect(sink.to(m.to)).toHaveLength(1);
    expect(await row(ctx, m.to)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('leaves unsent e-mails queued at shutdown and sends them after the next start', async () => {
    const shared = await sharedDatabase();
    try {
      const first = await buildTestApp({
        database: shared.database,
        smtpUrl: `smtp://127.0.0.1:${await sparePort()}`,
        mailQueue: quick(),
      });
      const mails = [mail(), mail(), mail()];
      for (const m of mails) await mailerOf(first.app.server)!.send(m);
      await mailerOf(first.app.server)!.idle();
      await first.close();
      const between = connectDatabase(shared.database);
      for (const m of mails)
        expect(await row(between, m.to)).toMatchObject({ status: 'queued', locked_by: null, sent_at: null });
      await between.db.destroy();

      const sink = track(await startSmtpSink());
      const second = track(await buildTestApp({ database: shared.database, smtpUrl: sink.url, mailQueue: quick() }));
      await until(() => mails.every((m) => sink.to(m.to).length > 0));
      await mailerOf(second.app.server)!.idle();
      for (const m of mails) {
        expect(sink.to(m.to)).toHaveLength(1);
        expect((await row(second, m.to)).status).toBe('sent');
      }
    } finally {
      for (const thing of opened.splice(0).reverse()) await thing.close();
      await shared.drop();
    }
  });

  it('delivers each of many e-mails exactly once with two instances on one database', async () => {
    const shared = await sharedDatabase();
    try {
      const sink = track(await startSmtpSink());
      const settings = quick({ pollMs: 20, batchSize: 3 });
      const one = track(await buildTestApp({ database: shared.database, smtpUrl: sink.url, mailQueue: settings }));
      const two = track(await buildTestApp({ database: shared.database, smtpUrl: sink.url, mailQueue: settings }));
      const mails = Array.from({ length: 40 }, () => mail());
      await Promise.all(mails.map((m, i) => mailerOf((i % 2 ? one : two).app.server)!.send(m)));
      await Promise.all([mailerOf(one.app.server)!.idle(), mailerOf(two.app.server)!.idle()]);
      await sleep(200);

      expect(sink.received).toHaveLength(mails.length);
      for (const m of mails) expect(sink.to(m.to)).toHaveLength(1);
      const rows = await one.db.selectFrom('outbox').select(['status', 'attempts']).execute();
      expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    } finally {
      for (const thing of opened.splice(0).reverse()) await thing.close();
      await shared.drop();
    }
  });
});

describe('claiming due e-mails', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No SMTP_URL: no worker of the app's own claims anything here.
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('hands each due e-mail to exactly one of many concurrent claims, and none that is not due', async () => {
    const now = Date.now();
    const values = (n: number, due: boolean) => ({
      to_address: `claim${n}@example.org`,
      subject: 's',
      html: 'h',
      text: 't',
      headers: null,
      status: 'queued' as const,
      next_attempt_at: new Date(now + (due ? -1_000 : 60_000)).toISOString(),
    });
    const due = await ctx.db
      .insertInto('outbox')
      .values(Array.from({ length: 50 }, (_, n) => values(n, true)))
      .returning('id')
      .execute();
    await ctx.db
      .insertInto('outbox')
      .values(Array.from({ length: 5 }, (_, n) => values(100 + n, false)))
      .execute();

    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        claimDueMails(ctx.db, {
          now: new Date(now).toISOString(),
          leaseUntil: new Date(now + 60_000).toISOString(),
          claim: `claim-${i}`,
          limit: 5,
        }),
      ),
    );
    const claimed = claims.flat().map((m) => m.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort((a, b) => a - b)).toEqual(due.map((r) => r.id).sort((a, b) => a - b));
    expect(claims.flat().every((m) => m.attempts === 1)).toBe(true);
  });
});

describe('the retry wait', () => {
  it('doubles from the first retry and stops at the cap', () => {
    const settings = { retryBaseMs: 30_000, retryMaxMs: 30 * 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelay(settings, n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000, 1_800_000,
    ]);
  });
});

describe('migration 005-mail-queue on an outbox written before it', () => {
  let db: Kysely<Database>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    let config: Config;
    ({ config, cleanup } = await testConfig());
    db = connectDatabase(config.database).db;
    await migrateToLatest(db, '004-one-open-report');
  });
  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  it('keeps kept e-mails kept, queues sends that failed in the last day again, and gives up older ones', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // Before 005 the table has none of the queue's columns: insert only what it has.
    const old = (to: string, error: string | null, createdAt: string) =>
      sql`insert into outbox (to_address, subject, html, text, error, created_at)
        values (${to}, 's', 'h', 't', ${error}, ${createdAt})`.execute(db);
    await old('kept@example.org', null, hoursAgo(48));
    await old('recent@example.org', 'connect ECONNREFUSED', hoursAgo(2));
    await old('stale@example.org', 'connect ECONNREFUSED', hoursAgo(30));

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('outbox')
      .select(['to_address', 'status', 'attempts', 'error', 'next_attempt_at'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.to_address, r.status, Number(r.attempts), r.error])).toEqual([
      ['kept@example.org', 'kept', 0, null],
      ['recent@example.org', 'queued', 1, 'connect ECONNREFUSED'],
      ['stale@example.org', 'failed', 1, 'connect ECONNREFUSED'],
    ]);
    expect(rows[1]!.next_attempt_at).not.toBeNull();
  });
});
