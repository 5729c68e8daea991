import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * How a durable queue polls, leases and retries. A failed delivery is retried after `retryBaseMs`,
 * then twice as long each time up to `retryMaxMs`, until the item is `giveUpAfterMs` old. A
 * worker's claim on a batch lasts `leaseMs`: a worker that dies mid-batch leaves its items to be
 * retaken then.
 */
export interface DurableQueueSettings {
  /** How often the worker looks for due items; an item queued on this instance wakes it at once. */
  pollMs: number;
  /** While the database is unreachable the worker waits twice as long after each failure, up to this. */
  pollMaxMs: number;
  batchSize: number;
  retryBaseMs: number;
  retryMaxMs: number;
  giveUpAfterMs: number;
  leaseMs: number;
}

/** How long a failed item waits before its next attempt: doubling from the first retry, capped. */
export function retryDelay(settings: Pick<DurableQueueSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number) {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(settings.retryBaseMs * 2 ** doublings, Math.max(settings.retryMaxMs, settings.retryBaseMs));
}

/** What a queue's rows have in common. */
export interface QueuedItem {
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
  created_at: string;
}

/** A claimed item's outcome, as its `deliver` tells it; a `deliver` that throws asks for a retry. */
export type Delivery =
  | { outcome: 'sent' }
  /** Not delivered this time: tried again after the backoff (or `notBeforeMs`, if later) until given up. */
  | { outcome: 'retry'; error: unknown; notBeforeMs?: number }
  /** Refused for good: given up at once, the error kept. */
  | { outcome: 'refused'; error: unknown }
  /** Settled some other way (skipped, its recipient gone): `settle` writes it, false when the claim no longer held it. */
  | { outcome: 'settled'; why: string; settle: (claim: string) => Promise<boolean> };

/** The rows of a queue: the statements the worker runs. Each write holds only while `claim` holds the item. */
export interface QueueStore<Item extends QueuedItem> {
  /**
   * Claims up to `limit` due items (queued and due, or held by a lease that ran out), oldest first,
   * for `claim` until `leaseUntil`, counting the attempt; no two claims ever get the same item.
   */
  claim(options: { now: string; leaseUntil: string; claim: string; limit: number }): Promise<Item[]>;
  markSent(item: Item, claim: string, now: string): Promise<boolean>;
  /** Queued again for `retryAt`, or given up when it is null; the error kept either way. */
  markFailed(item: Item, claim: string, failure: { error: string; retryAt: string | null }): Promise<boolean>;
  /** Hands back claimed items not tried: due again at once, attempt uncounted. */
  release(ids: number[], claim: string, now: string): Promise<void>;
  /** Whether any item is due now or being delivered by some worker. */
  hasUnsettled(now: string): Promise<boolean>;
}

export interface DurableQueueOptions<Item extends QueuedItem> {
  /** What an item is called in the log: "e-mail", "push". */
  noun: string;
  /** The log field that carries an item's id: "outbox_id". */
  idField: string;
  settings: DurableQueueSettings;
  /** The longest one delivery can take: a worker starts one only with at least this much lease left. */
  deliveryBudgetMs: number;
  store: QueueStore<Item>;
  /** Delivers one item; `stopping` aborts when the app closes, so a delivery that can be cut short is. */
  deliver(item: Item, stopping: AbortSignal): Promise<Delivery>;
}

export interface DurableQueue {
  /** Looks for due items at once (something was queued on this instance). */
  wake(): void;
  /**
   * Resolves once every item due so far was handled: delivered, settled, given up, or failed and
   * waiting out its retry; items another worker is delivering included (tests).
   */
  idle(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'unknown error';

/**
 * A queue kept in a table and worked by every instance: each claims a batch under a lease (so a
 * crash loses nothing and no two instances deliver one item), delivers it, and writes the outcome,
 * retrying with a doubling wait. The worker starts when the app is ready; when it closes, the worker
 * finishes the item in hand and hands the rest of its batch back for the next start (or another
 * instance).
 */
export function durableQueue<Item extends QueuedItem>(
  app: FastifyInstance,
  options: DurableQueueOptions<Item>,
): DurableQueue {
  const { noun, idField, settings, store, deliveryBudgetMs } = options;
  let stopped = false;
  const stopping = new AbortController();
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let passing: Promise<number> | undefined;
  let running: Promise<void> | undefined;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  /** Waits `ms`, or less when an item is queued on this instance or the server stops. */
  function rest(ms: number) {
    if (woken || stopped) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  /**
   * Writes the outcome of a delivery, retrying while the database is away: a delivered item left
   * claimed would be delivered again once its lease runs out.
   */
  async function settle(item: Item, leaseUntil: number, write: () => Promise<boolean>) {
    for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        if (!(await write()))
          app.log.warn({ [idField]: item.id }, `${noun} was retaken by another worker before it was settled`);
        return;
      } catch (error) {
        // Stopping: the database is closing, and the lease brings the item back after a restart.
        if (stopped || Date.now() + wait >= leaseUntil) throw error;
        app.log.warn({ err: error, [idField]: item.id }, `${noun} outcome not saved yet; retrying`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function attempt(item: Item, claim: string, leaseUntil: number) {
    let delivery: Delivery;
    try {
      delivery = await options.deliver(item, stopping.signal);
    } catch (error) {
      delivery = { outcome: 'retry', error };
    }
    const details = { [idField]: item.id, attempts: item.attempts };
    switch (delivery.outcome) {
      case 'sent':
        app.log.info(details, `${noun} sent`);
        await settle(item, leaseUntil, () => store.markSent(item, claim, iso(Date.now())));
        return;
      case 'settled':
        app.log.info({ ...details, why: delivery.why }, `${noun} settled without sending`);
        await settle(item, leaseUntil, () => delivery.settle(claim));
        return;
      case 'refused':
        app.log.error({ ...details, err: delivery.error }, `${noun} given up: refused`);
        await settle(item, leaseUntil, () =>
          store.markFailed(item, claim, { error: messageOf(delivery.error), retryAt: null }),
        );
        return;
      case 'retry': {
        const now = Date.now();
        const givenUp = now - Date.parse(item.created_at) >= settings.giveUpAfterMs;
        const wait = Math.max(retryDelay(settings, item.attempts), delivery.notBeforeMs ?? 0);
        const retryAt = givenUp ? null : iso(now + wait);
        if (givenUp) app.log.error({ ...details, err: delivery.error }, `${noun} given up: not sent in time`);
        else app.log.warn({ ...details, err: delivery.error, retry_at: retryAt }, `${noun} not sent; retrying later`);
        await settle(item, leaseUntil, () =>
          store.markFailed(item, claim, { error: messageOf(delivery.error), retryAt }),
        );
      }
    }
  }

  /** Claims a batch of due items and tries each; returns how many it claimed. */
  async function pass(): Promise<number> {
    const claim = randomUUID();
    const leaseUntil = Date.now() + settings.leaseMs;
    const items = await store.claim({
      now: iso(Date.now()),
      leaseUntil: iso(leaseUntil),
      claim,
      limit: settings.batchSize,
    });
    for (const [i, item] of items.entries()) {
      if (stopped || Date.now() + deliveryBudgetMs > leaseUntil) {
        // Untried items go back at once rather than wait out the lease.
        await store.release(
          items.slice(i).map((m) => m.id),
          claim,
          iso(Date.now()),
        );
        break;
      }
      await attempt(item, claim, leaseUntil);
    }
    return items.length;
  }

  /** One pass at a time per instance; a caller waiting here gets a pass that starts after its call. */
  async function passOnce(): Promise<number> {
    while (passing) await passing.catch(() => undefined);
    passing = pass().finally(() => (passing = undefined));
    return passing;
  }

  async function work() {
    let failures = 0;
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await passOnce();
        failures = 0;
      } catch (error) {
        failures++;
        // The database is away: say so, then keep asking less and less often until it is back.
        app.log.warn({ err: error, failures }, `${noun} queue unreachable; retrying`);
      }
      if (stopped) break;
      if (claimed === settings.batchSize) continue;
      await rest(failures ? Math.min(settings.pollMs * 2 ** failures, settings.pollMaxMs) : settings.pollMs);
    }
  }

  app.addHook('onReady', async () => {
    running = work().catch((error: unknown) => app.log.error({ err: error }, `${noun} worker stopped`));
  });
  // The wait fits in the 10 s that shutdown allows; a delivery still under way after it is
  // retaken once its lease runs out.
  app.addHook('preClose', async () => {
    stopped = true;
    stopping.abort();
    wake();
    await Promise.race([
      Promise.all([running, passing?.catch(() => undefined)]),
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
  });

  return {
    wake,
    async idle() {
      while (!stopped) {
        await passOnce();
        if (!(await store.hasUnsettled(iso(Date.now())))) return;
        // Due again already, or another worker is delivering: look again shortly.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
