import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Delivery,
  type DurableQueueSettings,
  type QueueStore,
  durableQueue,
  retryDelay,
} from './durable-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

const SETTINGS: DurableQueueSettings = {
  pollMs: 20,
  pollMaxMs: 100,
  batchSize: 5,
  retryBaseMs: 80,
  retryMaxMs: 200,
  giveUpAfterMs: 60_000,
  leaseMs: 10_000,
};

interface Row {
  id: number;
  attempts: number;
  created_at: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'other';
  next: number;
  lockedBy: string | null;
  lockedUntil: number;
  error: string | null;
}

/** The queue's rows in memory, with the same rules as the tables: a write holds only under its claim. */
function memoryStore() {
  const rows = new Map<number, Row>();
  let id = 0;
  let down = 0;
  const holds = (row: Row | undefined, claim: string) => row?.status === 'sending' && row.lockedBy === claim;
  const store: QueueStore<Row> = {
    async claim({ now, leaseUntil, claim, limit }) {
      if (down > 0) {
        down--;
        throw new Error('the database is away');
      }
      const at = Date.parse(now);
      const due = [...rows.values()]
        .filter((r) => (r.status === 'queued' && r.next <= at) || (r.status === 'sending' && r.lockedUntil <= at))
        .slice(0, limit);
      for (const row of due)
        Object.assign(row, {
          status: 'sending',
          lockedBy: claim,
          lockedUntil: Date.parse(leaseUntil),
          attempts: row.attempts + 1,
        });
      return due.map((row) => ({ ...row }));
    },
    async markSent(item, claim) {
      const row = rows.get(item.id);
      if (!holds(row, claim)) return false;
      Object.assign(row!, { status: 'sent', lockedBy: null, error: null });
      return true;
    },
    async markFailed(item, claim, { error, retryAt }) {
      const row = rows.get(item.id);
      if (!holds(row, claim)) return false;
      Object.assign(row!, {
        status: retryAt ? 'queued' : 'failed',
        next: retryAt ? Date.parse(retryAt) : 0,
        lockedBy: null,
        error,
      });
      return true;
    },
    async release(ids, claim, now) {
      for (const row of ids.map((i) => rows.get(i)))
        if (holds(row, claim))
          Object.assign(row!, { status: 'queued', next: Date.parse(now), lockedBy: null, attempts: row!.attempts - 1 });
    },
    async hasUnsettled(now) {
      const at = Date.parse(now);
      return [...rows.values()].some((r) => r.status === 'sending' || (r.status === 'queued' && r.next <= at));
    },
  };
  return {
    store,
    rows,
    add(createdAt = Date.now()) {
      const row: Row = {
        id: ++id,
        attempts: 0,
        created_at: new Date(createdAt).toISOString(),
        status: 'queued',
        next: 0,
        lockedBy: null,
        lockedUntil: 0,
        error: null,
      };
      rows.set(row.id, row);
      return row;
    },
    /** The next `times` claims fail, as while the database is away. */
    goDown(times: number) {
      down = times;
    },
  };
}

describe('a durable queue', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function start(
    memory: ReturnType<typeof memoryStore>,
    deliver: (item: Row, stopping: AbortSignal) => Promise<Delivery>,
    settings: Partial<DurableQueueSettings> = {},
    deliveryBudgetMs = 0,
  ) {
    const app = Fastify({ logger: false });
    apps.push(app);
    const queue = durableQueue(app, {
      noun: 'thing',
      idField: 'thing_id',
      settings: { ...SETTINGS, ...settings },
      deliveryBudgetMs,
      store: memory.store,
      deliver,
    });
    await app.ready();
    return { app, queue };
  }

  it('delivers each due item once and marks it sent', async () => {
    const memory = memoryStore();
    const delivered: number[] = [];
    const items = Array.from({ length: 12 }, () => memory.add());
    const { queue } = await start(memory, async (item) => {
      delivered.push(item.id);
      return { outcome: 'sent' };
    });
    await queue.idle();
    expect(delivered).toEqual(items.map((i) => i.id));
    expect([...memory.rows.values()].every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries a failed delivery after a doubling, capped wait, or the wait the receiver asked for', async () => {
    const memory = memoryStore();
    const attempts: number[] = [];
    memory.add();
    const { queue } = await start(memory, async () => {
      attempts.push(Date.now());
      if (attempts.length === 1) throw new Error('refused connection');
      if (attempts.length <= 3) return { outcome: 'retry', error: new Error('busy') };
      if (attempts.length === 4) return { outcome: 'retry', error: new Error('slow down'), notBeforeMs: 400 };
      return { outcome: 'sent' };
    });
    await until(() => attempts.length === 5);
    await queue.idle();
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(80);
    expect(gaps[1]).toBeGreaterThanOrEqual(160);
    expect(gaps[2]).toBeGreaterThanOrEqual(200);
    expect(gaps[2]).toBeLessThan(390);
    expect(gaps[3]).toBeGreaterThanOrEqual(400);
    expect(memory.rows.get(1)).toMatchObject({ status: 'sent', attempts: 5, error: null });
  });

  it('gives an item up at once when it is refused, and once it is too old when it keeps failing', async () => {
    const memory = memoryStore();
    const refused = memory.add();
    const old = memory.add(Date.now() - 61_000);
    const { queue } = await start(memory, async (item) =>
      item.id === refused.id
        ? { outcome: 'refused', error: new Error('answered 403') }
        : { outcome: 'retry', error: new Error('answered 500') },
    );
    await queue.idle();
    expect(memory.rows.get(refused.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'answered 403' });
    expect(memory.rows.get(old.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'answered 500' });
    await sleep(150);
    expect(memory.rows.get(refused.id)!.attempts).toBe(1);
  });

  it('settles an item the way its delivery says, under the claim that holds it', async () => {
    const memory = memoryStore();
    memory.add();
    const { queue } = await start(memory, async (item) => ({
      outcome: 'settled',
      why: 'no one to tell',
      settle: async (claim) => {
        const row = memory.rows.get(item.id)!;
        if (row.lockedBy !== claim) return false;
        Object.assign(row, { status: 'other', lockedBy: null });
        return true;
      },
    }));
    await queue.idle();
    expect(memory.rows.get(1)).toMatchObject({ status: 'other', attempts: 1 });
  });

  it('hands back the untried rest of a batch when its lease runs short, without counting an attempt', async () => {
    const memory = memoryStore();
    const [first, second] = [memory.add(), memory.add()];
    const claims: (string | null)[] = [];
    const { queue } = await start(
      memory,
      async (item) => {
        claims.push(memory.rows.get(item.id)!.lockedBy);
        await sleep(item.id === first.id ? 250 : 0);
        return { outcome: 'sent' };
      },
      { leaseMs: 400 },
      200,
    );
    await until(() => claims.length === 2);
    await queue.idle();
    // The second was handed back after the first's 250 ms left less than 200 of the lease, and claimed anew.
    expect(claims[0]).not.toBe(claims[1]);
    expect(memory.rows.get(second.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps polling while the store is away, and delivers once it is back', async () => {
    const memory = memoryStore();
    memory.goDown(3);
    memory.add();
    let delivered = 0;
    await start(memory, async () => {
      delivered++;
      return { outcome: 'sent' };
    });
    await until(() => delivered === 1);
    expect(memory.rows.get(1)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('cuts the delivery under way short when the app closes, and leaves the rest for the next start', async () => {
    const memory = memoryStore();
    const [slow, waiting] = [memory.add(), memory.add()];
    let started = false;
    const { app } = await start(
      memory,
      (_item, stopping) =>
        new Promise<Delivery>((resolve) => {
          started = true;
          stopping.addEventListener('abort', () => resolve({ outcome: 'retry', error: new Error('stopped') }));
        }),
      { retryBaseMs: 10 },
    );
    await until(() => started);
    const closing = Date.now();
    await app.close();
    apps.splice(0);
    expect(Date.now() - closing).toBeLessThan(1_000);
    expect(memory.rows.get(slow.id)).toMatchObject({ status: 'queued', attempts: 1, error: 'stopped' });
    expect(memory.rows.get(waiting.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});

describe('the retry wait', () => {
  it('doubles from the first retry and stops at the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay({ retryBaseMs: 100, retryMaxMs: 500 }, n))).toEqual([
      100, 200, 400, 500, 500,
    ]);
  });
});
