import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CATEGORIES, LISTING_TYPES, type SendMessageAck, TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectTab, type Tab } from '../sockets.js';
import { type ServerProcess, startServer } from './server-process.js';
import { hasPostgresBinaries, startPostgres, type ThrowawayPostgres } from './services.js';

// The real server process on a throwaway PostgreSQL, under a steady load of about twenty requests
// at a time (reads and writes). PostgreSQL is killed (kill -9), stopped cleanly, and hung
// (SIGSTOP), each time while requests are in flight, then brought back. The process must stay up,
// answer every request during the outage within two seconds with 503, Retry-After and the one
// error body, and serve reads and writes again within five seconds of the database being back.

const PASSWORD = 'correct horse 42';
/** Each answer during an outage, and the first 503 after the fault, within this. */
const ANSWER_MS = 2000;
const RECOVERY_MS = 5000;
/** Long enough for the pool to lose every connection and for requests to queue behind them. */
const OUTAGE_MS = 3000;
const IN_FLIGHT = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

interface Member {
  id: number;
  token: string;
}

/** One answered request: what was asked, when, and what came back. */
interface Sample {
  op: string;
  start: number;
  end: number;
  status: number;
  retryAfter: string | null;
  body: unknown;
  failure?: string;
}

const unavailableBody = { detail: TEXTS.unavailable, code: 'SERVICE_UNAVAILABLE' };

describe.skipIf(!hasPostgresBinaries())('the server while PostgreSQL goes away and comes back', () => {
  let postgres: ThrowawayPostgres;
  let server: ServerProcess;
  const sockets: ClientSocket[] = [];
  let alice: Member;
  let bob: Member;
  let aliceTab: Tab;

  const call = async (member: Member | undefined, method: string, path: string, body?: unknown): Promise<Sample> => {
    const start = now();
    const op = `${method} ${path.replace(/\?.*$/, '').replace(/\d+/g, ':id')}`;
    try {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(member ? { authorization: `Bearer ${member.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Kept as text: the assertion on the body shows it.
      }
      return { op, start, end: now(), status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed };
    } catch (error) {
      return { op, start, end: now(), status: 0, retryAfter: null, body: null, failure: String(error) };
    }
  };

  const createListing = (member: Member) =>
    call(member, 'POST', '/api/listings/', {
      title: `Tomato seedlings ${randomBytes(3).toString('hex')}`,
      type_id: LISTING_TYPES.giveaway,
      category_id: CATEGORIES.plants,
    });
  const marketplace = (member: Member) => call(member, 'GET', '/api/listings/?public=true');
  const sendMessage = (from: Member, to: Member) =>
    call(from, 'POST', '/api/messages', { receiver_id: to.id, content: `Still have basil? ${Date.now()}` });
  const thread = (member: Member, other: Member) => call(member, 'GET', `/api/messages/${other.id}`);
  const health = () => call(undefined, 'GET', '/api/health');

  const register = async (name: string): Promise<Member> => {
    const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
    const res = await call(undefined, 'POST', '/api/auth/register', {
      email,
      password: PASSWORD,
      first_name: name,
      last_name: 'Gardener',
      username: `${name}_${randomBytes(3).toString('hex')}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const login = await call(undefined, 'POST', '/api/auth/login', { username: email, password: PASSWORD });
    expect(login.status).toBe(200);
    return { id: (res.body as { id: number }).id, token: (login.body as { access_token: string }).access_token };
  };

  /** A chat message over the socket: its acknowledgement (none if it never came) and how long it took. */
  const sendBySocket = (from: Tab, to: Member) =>
    new Promise<{ ack?: SendMessageAck; ms: number }>((resolve) => {
      const start = now();
      const timer = setTimeout(() => resolve({ ms: now() - start }), 10_000);
      from.socket.emit('send_message', { receiver_id: to.id, content: `Over chat ${Date.now()}` }, (ack) => {
        clearTimeout(timer);
        resolve({ ack, ms: now() - start });
      });
    });

  /** About IN_FLIGHT requests at all times, reads and writes in turn, until stopped. */
  const steadyLoad = () => {
    const samples: Sample[] = [];
    let running = true;
    const ops = [
      () => marketplace(alice),
      () => createListing(bob),
      () => sendMessage(alice, bob),
      () => thread(bob, alice),
    ];
    const worker = async (first: number) => {
      for (let i = first; running; i++) {
        const sample = await ops[i % ops.length]!();
        samples.push(sample);
        // A refused client waits a moment before asking again, rather than spinning.
        if (sample.status === 503) await sleep(100);
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, (_, i) => worker(i));
    return {
      samples,
      async stop() {
        running = false;
        await Promise.all(workers);
      },
    };
  };

  /**
   * Plays one fault under load, prints its figures and checks the whole story. `back` resolves
   * once the database accepts connections again.
   */
  const drill = async (name: string, fault: () => Promise<void> | void, back: () => Promise<void> | void) => {
    const load = steadyLoad();
    await sleep(500);
    const faultAt = now();
    await fault();

    // While it is away: the health check and a chat message say so, quickly.
    await sleep(300);
    const [probe, chat] = await Promise.all([health(), sendBySocket(aliceTab, bob)]);
    await sleep(Math.max(0, faultAt + OUTAGE_MS - now()));

    const backCalledAt = now();
    await back();
    const backAt = now();

    // Recovered: the health check, a write and a read all succeed.
    let recoveredAt: number | undefined;
    while (now() - backAt < RECOVERY_MS + 5000) {
      const [h, w, r] = await Promise.all([health(), createListing(alice), marketplace(bob)]);
      if (h.status === 200 && w.status === 201 && r.status === 200) {
        recoveredAt = now();
        break;
      }
      await sleep(50);
    }
    await sleep(500);
    const chatAfter = await sendBySocket(aliceTab, bob);
    await load.stop();

    const { samples } = load;
    const during = samples.filter((s) => s.end > faultAt && s.start < (recoveredAt ?? Infinity));
    const refused = samples.filter((s) => s.status === 503);
    const firstRefusal = refused.length ? Math.min(...refused.map((s) => s.end)) : undefined;
    // A request already in flight when the database went away counts from that moment.
    const waited = (s: Sample) => s.end - Math.max(s.start, faultAt);
    const slowest = Math.max(...during.map(waited));
    const figures = {
      fault: name,
      'requests answered': samples.length,
      'answered 503': refused.length,
      'time to first 503 (ms)': firstRefusal === undefined ? 'none' : Math.round(firstRefusal - faultAt),
      'slowest answer during the outage (ms)': Math.round(slowest),
      'health during the outage (ms)': Math.round(probe.end - probe.start),
      'chat ack during the outage (ms)': Math.round(chat.ms),
      'database back after (ms)': Math.round(backAt - backCalledAt),
      'time to recovery once back (ms)': recoveredAt === undefined ? 'never' : Math.round(recoveredAt - backAt),
    };
    console.log(`PostgreSQL ${name}:\n${JSON.stringify(figures, null, 2)}`);

    // The process is still there.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    // main.ts logs this before closing after an uncaught error.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.endsWith('}'));
    const said = lines.map((line) => String((JSON.parse(line) as { msg?: unknown }).msg ?? ''));
    expect(said.filter((msg) => msg.startsWith('shutting down'))).toEqual([]);

    // Every answer is a success or the one 503; none is lost, none is a 500.
    const unexpected = samples.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503);
    expect(unexpected.slice(0, 5)).toEqual([]);
    for (const s of refused) {
      expect(s.retryAfter).toMatch(/^\d+$/);
      expect(s.body).toEqual(unavailableBody);
    }
    // Reads and writes both met the outage, and both were answered 503.
    expect(new Set(refused.map((s) => s.op))).toEqual(
      new Set(['GET /api/listings/', 'POST /api/listings/', 'POST /api/messages', 'GET /api/messages/:id']),
    );
    expect(firstRefusal! - faultAt).toBeLessThanOrEqual(ANSWER_MS);
    expect(during.filter((s) => waited(s) > ANSWER_MS).map((s) => Math.round(waited(s)))).toEqual([]);

    expect(probe.status).toBe(503);
    expect(probe.retryAfter).toMatch(/^\d+$/);
    expect(probe.body).toEqual({ ...unavailableBody, ok: false, db: 'down' });
    expect(probe.end - probe.start).toBeLessThanOrEqual(ANSWER_MS);
    expect(chat.ack).toMatchObject({ ok: false, ...unavailableBody });
    expect(chat.ms).toBeLessThanOrEqual(ANSWER_MS);

    // Back: everything asked after recovery succeeds, chat included.
    expect(recoveredAt! - backAt).toBeLessThanOrEqual(RECOVERY_MS);
    const afterwards = samples.filter((s) => s.start > recoveredAt!);
    expect(afterwards.length).toBeGreaterThan(0);
    expect(afterwards.filter((s) => s.status < 200 || s.status >= 300).slice(0, 5)).toEqual([]);
    expect(chatAfter.ack?.ok).toBe(true);
    expect((await health()).body).toEqual({ ok: true, db: 'up' });
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServer({ DATABASE_URL: postgres.url });
    alice = await register('alice');
    bob = await register('bob');
    aliceTab = await connectTab(server.url, alice.token, sockets);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
    await postgres?.destroy();
  });

  it('stays up when PostgreSQL is killed mid-query, answers 503 fast, and serves again once it restarts', async () => {
    await drill(
      'killed (kill -9) and restarted',
      () => postgres.crash(),
      () => postgres.start(),
    );
  });

  it('stays up through a clean PostgreSQL restart, answers 503 fast, and serves again once it is back', async () => {
    await drill(
      'stopped (fast shutdown) and started',
      () => postgres.stop(),
      () => postgres.start(),
    );
  });

  it('answers 503 within two seconds while PostgreSQL hangs, and serves again once it wakes', async () => {
    await drill(
      'frozen (SIGSTOP) and thawed',
      () => postgres.freeze(),
      () => postgres.thaw(),
    );
  });
});
