import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { sweepsOf } from '../../lib/periodic-sweep.js';

/** How far each periodic sweep of this instance is behind: alert when the lag passes a few intervals. */
export function watchSweeps(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'gardenswap_sweep_interval_seconds',
    help: 'How often a periodic sweep runs.',
    labelNames: ['sweep'],
    registers: [registry],
    collect() {
      for (const sweep of sweepsOf(app)) this.set({ sweep: sweep.what }, sweep.everyMs / 1000);
    },
  });
  new Gauge({
    name: 'gardenswap_sweep_lag_seconds',
    help: 'Seconds since a periodic sweep last finished without an error (since start-up, until it first has).',
    labelNames: ['sweep'],
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const sweep of sweepsOf(app)) this.set({ sweep: sweep.what }, (now - sweep.lastSucceededAt) / 1000);
    },
  });
}
