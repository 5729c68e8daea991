import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { MAIL_QUEUE, OFFLINE_MAIL, type OfflineMailSettings } from '../../config.js';
import { buildTestApp, dialect, testConfig, type TestContext } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { type ReceivedMail, startSmtpSink } from '../../../test/smtp-sink.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { mailerOf } from '../mail/mailer.js';
import { offlineMailOf } from './offline-mail.js';

/** The real rule in seconds instead of minutes: away for 1.2 s, one e-mail per conversation per hour. */
const OFFLINE: OfflineMailSettings = {
  ...OFFLINE_MAIL,
  offlineAfterMs: 1_200,
  heartbeatMs: 150,
  sweepMs: 100,
};
const QUICK_QUEUE = { ...MAIL_QUEUE, pollMs: 50, pollMaxMs: 200, retryBaseMs: 100, retryMaxMs: 400 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

async function mailsTo(sink: Sink, user: TestUser, count: number, withinMs = 10_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + withinMs;
  while (sink.to(user.email).length < count && Date.now() < deadline) await sleep(20);
  return sink.to(user.email);
}

/** Lets the delay run out, then sweeps and sends whatever is due: anything that would ever go out has. */
async function afterTheDelay(app: App) {
  await sleep(OFFLINE.offlineAfterMs + 300);
  await offlineMailOf(app.server)!.sweep();
  await mailerOf(app.server)!.idle();
}

describe('unread messages e-mailed to members who are away', () => {
  let sink: Sink;
  let ctx: TestContext;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({ smtpUrl: sink.url, mailQueue: QUICK_QUEUE, offlineMail: OFFLINE });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const send = async (from: TestUser, to: TestUser, content: string) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      as: from,
      payload: { receiver_id: to.id, content },
    });
    expect(res.statusCode).toBe(201);
  };
  const pair = async () => {
    const [maria, alex] = [await createUser(ctx), await createUser(ctx)];
    await ctx.db.updateTable('users').set({ first_name: 'Maria' }).where('id', '=', maria.id).execute();
    return [maria, alex] as const;
  };

  it('e-mails once after the delay, with the count, the latest text and a link to the chat', async () => {
    const [maria, alex] = await pair();
    const start = Date.now();
    await send(maria, alex, 'Hello!');
    await send(maria, alex, 'I have spare seedlings.');
    await send(maria, alex, 'Tomatoes & <basil>, want some?');
    // Not yet: the messages have not waited long enough.
    expect(await offlineMailOf(ctx.app.server)!.sweep()).toBe(0);

    const [mail, ...more] = await mailsTo(sink, alex, 1);
    expect(Date.now() - start).toBeGreaterThanOrEqual(OFFLINE.offlineAfterMs);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Maria sent you 3 messages');
    expect(mail!.body).toContain('Tomatoes &amp; &lt;basil&gt;, want some?');
    expect(mail!.body).toContain('> Tomatoes & <basil>, want some?');
    expect(mail!.body).not.toContain('Hello!');
    expect(mail!.body).toContain(`${ctx.config.publicOrigin}/messages/${maria.id}`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(1);
  });

  it('says "a message" for one', async () => {
    const [maria, alex] = await pair();
    await send(maria, alex, 'Are the beans still there?');
    const [mail] = await mailsTo(sink, alex, 1);
    expect(mail!.subject).toBe('Maria sent you a message');
  });

  it('sends nothing once the member has read the messages', async () => {
    const [maria, alex] = await pair();
    await send(maria, alex, 'Read me soon');
    const opened = await ctx.inject({ method: 'GET', url: `/api/messages/${maria.id}`, as: alex });
    expect(opened.statusCode).toBe(200);
    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(0);
  });

  it('sends no second e-mail for a burst within the hour, and one for new messages after it', async () => {
    const [maria, alex] = await pair();
    await send(maria, alex, 'First burst');
    expect(await mailsTo(sink, alex, 1)).toHaveLength(1);

    await send(maria, alex, 'Second burst, same hour');
    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(1);

    // An hour on: what was e-mailed is not e-mailed again...
    const hourAgo = new Date(Date.now() - OFFLINE.perConversationMs - 1000).toISOString();
    const latest = await ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('receiver_id', '=', alex.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('message_mail_notices')
      .set({ sent_at: hourAgo, last_message_id: Number(latest.id) })
      .where('recipient_id', '=', alex.id)
      .execute();
    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(1);

    // ...but a new message is, counting every unread one.
    await send(maria, alex, 'Third burst, next hour');
    const mails = await mailsTo(sink, alex, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Maria sent you 3 messages');
    expect(mails[1]!.body).toContain('Third burst, next hour');
  });

  it('sends nothing while the member has a socket connected, and e-mails once they have been away long enough', async () => {
    const [maria, alex] = await pair();
    const tab = await connectTab(url, alex.token, sockets);
    await send(maria, alex, 'You are online');
    await afterTheDelay(ctx.app);
    await afterTheDelay(ctx.app);
    expect(tab.received.map((m) => m.content)).toEqual(['You are online']);
    expect(sink.to(alex.email)).toHaveLength(0);

    const leftAt = Date.now();
    tab.socket.close();
    const [mail] = await mailsTo(sink, alex, 1);
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(OFFLINE.offlineAfterMs - 200);
    expect(mail!.subject).toBe('Maria sent you a message');
  });

  it('sends nothing while the member has the messages switch off', async () => {
    const [maria, alex] = await pair();
    const off = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: alex,
      payload: { email_notifications: { messages: false } },
    });
    expect(off.statusCode).toBe(200);
    await send(maria, alex, 'Nobody e-mails this');
    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(0);
  });

  it('sends nothing between blocked members, whoever blocked whom', async () => {
    const [maria, alex] = await pair();
    const [rosa, sam] = await pair();
    await send(maria, alex, 'Before the block');
    await send(rosa, sam, 'Before the block');
    for (const [blocker, blocked] of [
      [alex, maria],
      [rosa, sam],
    ] as const) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/blocks',
        as: blocker,
        payload: { user_id: blocked.id },
      });
      expect(res.statusCode).toBe(201);
    }
    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(0);
    expect(sink.to(sam.email)).toHaveLength(0);
  });

  it('leaves alone unread messages older than the look-back', async () => {
    const [maria, alex] = await pair();
    await send(maria, alex, 'From long ago');
    const longAgo = new Date(Date.now() - OFFLINE.lookBackMs - 60_000).toISOString();
    await ctx.db.updateTable('messages').set({ created_at: longAgo }).where('receiver_id', '=', alex.id).execute();
    await afterTheDelay(ctx.app);
    expect(sink.to(alex.email)).toHaveLength(0);
  });

  it("turns off only messages with the e-mail's own unsubscribe link", async () => {
    const [maria, alex] = await pair();
    await send(maria, alex, 'Unsubscribe below');
    const [mail] = await mailsTo(sink, alex, 1);
    const link = new URL(/<(https?:\/\/[^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!);
    // The e-mail shows the page of the same token; the header's address takes the one-click POST.
    expect(mail!.body).toContain(`${ctx.config.publicOrigin}/unsubscribe${link.search}`);
    const done = await ctx.inject({ method: 'POST', url: link.pathname + link.search });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ kinds: ['messages'] });
    const profile = await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: alex });
    expect(profile.json()).toMatchObject({
      email_notifications: { matches: true, friend_requests: true, messages: false },
    });
  });
});

describe('unread messages e-mail across a restart and with several instances', () => {
  let sink: Sink;
  const cleanups: (() => Promise<void>)[] = [];
  const apps: App[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const cleanup of cleanups) await cleanup();
    await sink?.close();
  });

  /** A fresh database, and a way to start instances of the server on it. */
  async function database(offlineMail: OfflineMailSettings) {
    const { config, cleanup } = await testConfig({ smtpUrl: sink.url, mailQueue: QUICK_QUEUE, offlineMail });
    cleanups.push(cleanup);
    return async function start() {
      const app = await buildApp(config);
      apps.push(app);
      await app.ready();
      return app;
    };
  }

  async function message(app: App, from: TestUser, to: TestUser, content: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { authorization: `Bearer ${from.token}` },
      payload: { receiver_id: to.id, content },
    });
    expect(res.statusCode).toBe(201);
  }

  it('still e-mails exactly once when the server restarts before the delay is up', async () => {
    const start = await database(OFFLINE);
    const first = await start();
    const ctx = { db: first.db, config: first.config };
    const [maria, alex] = [await createUser(ctx), await createUser(ctx)];
    await message(first, maria, alex, 'Sent just before a restart');
    await first.close();
    expect(sink.to(alex.email)).toHaveLength(0);

    // The next start (on PostgreSQL, two instances side by side, both sweeping) e-mails it once.
    const next = dialect === 'postgres' ? await Promise.all([start(), start()]) : [await start()];
    const mails = await mailsTo(sink, alex, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Sent just before a restart');
    for (const app of next) await afterTheDelay(app);
    expect(sink.to(alex.email)).toHaveLength(1);
  });

  it.runIf(dialect === 'postgres')(
    'e-mails once when two instances sweep the same conversation at the same moment',
    async () => {
      // No periodic sweep: only the two below, started together.
      const start = await database({ ...OFFLINE, sweepMs: 60 * 60_000 });
      const [a, b] = [await start(), await start()];
      const ctx = { db: a.db, config: a.config };
      const [maria, alex] = [await createUser(ctx), await createUser(ctx)];
      await message(a, maria, alex, 'Raced');
      await sleep(OFFLINE.offlineAfterMs + 100);
      const queued = await Promise.all([offlineMailOf(a.server)!.sweep(), offlineMailOf(b.server)!.sweep()]);
      expect(queued.sort()).toEqual([0, 1]);
      await mailerOf(a.server)!.idle();
      await mailerOf(b.server)!.idle();
      expect(sink.to(alex.email)).toHaveLength(1);
    },
  );
});
