import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { liftEndedSuspensions } from './suspensions.queries.js';

/** How often each instance looks for suspensions that have run out. */
export const SUSPENSION_SWEEP_MS = 60_000;

/**
 * Lifts suspensions that have run out, at start-up and then every minute. The end is stored with
 * the suspension, so a restart or a crash delays the lifting by at most a minute and loses
 * nothing; a member signing in meanwhile is let back at once (refuseSuspended).
 */
export const suspensionSweep = fp(
  async (app: FastifyInstance) => {
    const sweep = async () => {
      try {
        const lifted = await liftEndedSuspensions(app.db);
        if (lifted.length > 0) app.log.info({ members: lifted }, 'suspensions ended');
      } catch (error) {
        app.log.warn({ err: error }, 'lifting ended suspensions failed; trying again in a minute');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void sweep();
      timer = setInterval(() => void sweep(), SUSPENSION_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'suspension-sweep' },
);
