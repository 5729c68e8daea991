import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { summarizeMailQueue } from '../mail/outbox.queries.js';

/**
 * The mail queue, read from the outbox table as the metrics are scraped, in a registry of its own:
 * while the database is away its gauges are left out rather than shown stale or as zeros.
 */
export function watchMailQueue(app: FastifyInstance, registry: Registry) {
  const fromDatabase = new Registry();
  const up = new Gauge({
    name: 'gardenswap_database_up',
    help: "1 when the database answered the scrape's queries, 0 when it did not.",
    registers: [registry],
  });
  const mails = new Gauge({
    name: 'gardenswap_mail_queue_mails',
    help: 'E-mails in the send queue by status: queued (retries included), sending, failed (given up).',
    labelNames: ['status'],
    registers: [fromDatabase],
  });
  const oldest = new Gauge({
    name: 'gardenswap_mail_queue_oldest_waiting_seconds',
    help: 'Age of the oldest e-mail still queued or sending; 0 when none is.',
    registers: [fromDatabase],
  });

  return {
    /** Reads the queue; the registry to add to the scrape, or none when the database did not answer. */
    async read(): Promise<Registry | undefined> {
      try {
        const queue = await summarizeMailQueue(app.db);
        for (const status of ['queued', 'sending', 'failed'] as const) mails.set({ status }, queue[status]);
        const since = queue.oldestWaitingAt ? Date.parse(queue.oldestWaitingAt) : Date.now();
        oldest.set(Math.max(0, (Date.now() - since) / 1000));
        up.set(1);
        return fromDatabase;
      } catch (error) {
        app.log.debug({ err: error }, 'mail queue not read for the metrics');
        up.set(0);
        return undefined;
      }
    },
  };
}
