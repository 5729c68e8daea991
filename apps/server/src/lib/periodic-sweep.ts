import type { FastifyInstance } from 'fastify';

/** A sweep of the database that runs by itself every so often in each instance. */
export interface PeriodicSweep<T> {
  /** Runs one sweep now, after the one under way if any (tests call it rather than wait). */
  sweep(): Promise<T>;
  /** True once the app is closing: a long sweep checks it between items and stops early. */
  isStopped(): boolean;
}

/**
 * Sweeps every `everyMs` while the app is up, one sweep at a time per instance, and at once again
 * after a sweep that found a full batch (`more`). What is due lives in the database, so a sweep
 * that fails (the database is away) is logged and the next one finds the same work; closing the
 * app waits for the sweep under way.
 */
export function periodicSweep<T>(
  app: FastifyInstance,
  options: { what: string; everyMs: number; run: () => Promise<T>; more: (result: T) => boolean },
): PeriodicSweep<T> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<T> | undefined;

  async function sweep(): Promise<T> {
    while (sweeping) await sweeping.catch(() => undefined);
    sweeping = options.run().finally(() => (sweeping = undefined));
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

  app.addHook('onReady', async () => schedule(options.everyMs));
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await sweeping?.catch(() => undefined);
  });
  return { sweep, isStopped: () => stopped };
}
