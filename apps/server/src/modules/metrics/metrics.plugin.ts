import { TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import type { PoolUse } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { sendError } from '../../plugins/errors.js';
import { watchConnections } from './connection-metrics.js';
import { observeRequests } from './http-metrics.js';
import { watchMailQueue } from './mail-queue-metrics.js';
import { watchPushQueue } from './push-queue-metrics.js';
import { runtimeRegistry } from './runtime-metrics.js';
import { mayScrape } from './scrape-access.js';
import { watchSweeps } from './sweep-metrics.js';

/** Under /api, so a refused scrape answers exactly as an unknown API path does, never with the web app. */
export const METRICS_PATH = '/api/metrics';

/**
 * What an operator watches, in Prometheus' text format at GET /api/metrics: requests by route,
 * errors, event-loop lag, open sockets, database pools, the mail and push queues and the periodic sweeps.
 * This instance's metrics live in a registry of its own. Registered before the routes, so its
 * hooks see every request.
 */
export const metricsPlugin = fp<{ poolUse: () => PoolUse[] }>(
  async (app: FastifyInstance, options) => {
    const registry = new Registry();
    observeRequests(app, registry);
    watchConnections(app, registry, options.poolUse);
    watchSweeps(app, registry);
    const mailQueue = watchMailQueue(app, registry);
    const pushQueue = watchPushQueue(app);

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!mayScrape(request, app.config.metricsToken))
        return sendError(reply, new AppError('NOT_FOUND', TEXTS.notFound));
      const fromDatabase = [await mailQueue.read(), await pushQueue.read()].filter((r) => r !== undefined);
      const registries = [runtimeRegistry(), registry, ...fromDatabase];
      const texts = await Promise.all(registries.map((r) => r.metrics()));
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(texts.filter((text) => text.trim()).join('\n'));
    });
  },
  { name: 'metrics' },
);
