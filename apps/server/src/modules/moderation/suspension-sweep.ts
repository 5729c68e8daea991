import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { liftEndedSuspensions } from '../auth/suspension-ends.js';

/** How often each instance looks for suspensions that have run out. */
export const SUSPENSION_SWEEP_MS = 60_000;

/**
 * Lifts suspensions that have run out, at start-up and then every minute. The end is stored with
 * the suspension, so a restart or a crash delays the lifting by at most a minute and loses
 * nothing; a member signing in meanwhile is let back at once (refuseSuspended).
 */
export const suspensionSweep = fp(
  async (app: FastifyInstance) => {
    periodicSweep(app, {
      what: 'ended suspensions',
      everyMs: SUSPENSION_SWEEP_MS,
      atStart: true,
      run: async () => {
        const lifted = await liftEndedSuspensions(app);
        if (lifted.length > 0) app.log.info({ members: lifted }, 'suspensions ended');
        return lifted.length;
      },
      more: () => false,
    });
  },
  { name: 'suspension-sweep', dependencies: ['events'] },
);
