import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { summarizePushQueue } from '../push/push-queue.queries.js';

/**
 * The web push queue, read from its table as the metrics are scraped, in a registry of its own: while
 * the database is away its gauges are left out rather than shown stale or as zeros (the mail
 * queue's `gardenswap_database_up` says so).
 */
export function watchPushQueue(app: FastifyInstance) {
  const fromDatabase = new Registry();
  const pushes = new Gauge({
    name: 'gardenswap_push_queue_pushes',
    help: 'Web pushes in the send queue by status: queued (retries included), sending, failed (given up or refused).',
    labelNames: ['status'],
    registers: [fromDatabase],
  });
  const oldest = new Gauge({
    name: 'gardenswap_push_queue_oldest_waiting_seconds',
    help: 'Age of the oldest web push still queued or sending; 0 when none is.',
    registers: [fromDatabase],
  });

  return {
    /** Reads the queue; the registry to add to the scrape, or none when the database did not answer. */
    async read(): Promise<Registry | undefined> {
      try {
        const queue = await summarizePushQueue(app.db);
        for (const status of ['queued', 'sending', 'failed'] as const) pushes.set({ status }, queue[status]);
        const since = queue.oldestWaitingAt ? Date.parse(queue.oldestWaitingAt) : Date.now();
        oldest.set(Math.max(0, (Date.now() - since) / 1000));
        return fromDatabase;
      } catch (error) {
        app.log.debug({ err: error }, 'push queue not read for the metrics');
        return undefined;
      }
    },
  };
}
