import { TEXTS } from '@gardenswap/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

const HealthSchema = z.object({ ok: z.literal(true), db: z.literal('up') });

/** GET /api/health: 200 while the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { public: true }, schema: { tags: ['health'], security: [], response: { 200: HealthSchema } } },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', TEXTS.unavailable, 503, undefined, { 'retry-after': '5' });
      }
      return { ok: true as const, db: 'up' as const };
    },
  );
};
