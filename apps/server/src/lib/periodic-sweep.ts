import type { FastifyInstance } from 'fastify';

/** A sweep of the database that runs by itself every so often in each instance. */
export interface PeriodicSweep<T> {
  /** Runs one sweep now, after the one under way if any (tests call it rather than wait). */
  sweep(): Promise<T>;
  /** True once the app is closing: a long sweep checks it between items and stops early. */
  isStopped(): boolean;
}

/** A sweep as an operator watches it: how often it should run, and when it last ran without failing. */
export interface SweepRecord {
  what: string;
  everyMs: number;
  /** Epoch ms of the last sweep that finished without an error; until the first, when the app was ready. */
  lastSucceededAt: number;
}

/** Each app's sweeps, by its HTTP server: the one object every encapsulated context of an app shares. */
const sweepsByServer = new WeakMap<object, SweepRecord[]>();

/** The periodic sweeps of an app, as its metrics read them. */
export function sweepsOf(app: FastifyInstance): readonly SweepRecord[] {
  return sweepsByServer.get(app.server) ?? [];
}

/**
 * Sweeps every `everyMs` while the app is up, one sweep at a time per instance, and at once again
 * after a sweep that found a full batch (`more`). What is due lives in the database, so a sweep
 * that fails (the database is away) is logged and the next one finds the same work; closing the
 * app waits for the sweep under way.
 */
export function periodicSweep<T>(
  app: FastifyInstance,
  options: {
    what: string;
    everyMs: number;
    run: () => Promise<T>;
    more: (result: T) => boolean;
    /** Sweep once as soon as the app is ready, not first after `everyMs`. */
    atStart?: boolean;
  },
): PeriodicSweep<T> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<T> | undefined;
  const record: SweepRecord = { what: options.what, everyMs: options.everyMs, lastSucceededAt: Date.now() };
  sweepsByServer.set(app.server, [...sweepsOf(app), record]);

  async function sweep(): Promise<T> {
    while (sweeping) await sweeping.catch(() => undefined);
    sweeping = options
      .run()
      .then((result) => {
        record.lastSucceededAt = Date.now();
        return result;
      })
      .finally(() => (sweeping = undefined));
    return sweeping;
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      sweep().then(
        (result) => schedule(options.more(result) ? 0 : options.everyMs),
        (error: unknown) => {
          app.log.warn({ err: error }, `${options.what} not swept; retrying`);
          schedule(options.everyMs);
        },
      );
    }, ms);
  }

  app.addHook('onReady', async () => {
    record.lastSucceededAt = Date.now();
    schedule(options.atStart ? 0 : options.everyMs);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await sweeping?.catch(() => undefined);
  });
  return { sweep, isStopped: () => stopped };
}
