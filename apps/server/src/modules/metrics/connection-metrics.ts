import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { PoolUse } from '../../db/connect.js';

/** Open sockets and database connections, read from this instance as it is scraped. */
export function watchConnections(app: FastifyInstance, registry: Registry, poolUse: () => PoolUse[]) {
  const registers = [registry];
  new Gauge({
    name: 'gardenswap_socketio_connections',
    help: 'Chat sockets connected to this instance.',
    registers,
    collect() {
      this.set(app.realtime.io.of('/').sockets.size);
    },
  });
  new Gauge({
    name: 'gardenswap_http_connections',
    help: "TCP connections open on this instance's port, chat sockets included.",
    registers,
    async collect() {
      this.set(await new Promise<number>((resolve) => app.server.getConnections((e, n) => resolve(e ? 0 : n))));
    },
  });

  const poolGauge = (field: Exclude<keyof PoolUse, 'pool'>, name: string, help: string) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        for (const use of poolUse()) this.set({ pool: use.pool }, use[field]);
      },
    });
  poolGauge('max', 'gardenswap_db_pool_max_connections', 'Connections a database pool may open at most.');
  poolGauge('total', 'gardenswap_db_pool_connections', 'Connections a database pool has open, idle or in use.');
  poolGauge('idle', 'gardenswap_db_pool_idle_connections', 'Connections of a database pool open and free.');
  poolGauge('waiting', 'gardenswap_db_pool_waiting', 'Queries waiting for a connection of a database pool to be free.');
}
