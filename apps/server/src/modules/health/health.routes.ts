import { ErrorBodySchema } from '@gardenswap/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAway } from '../../plugins/errors.js';

const HealthSchema = z.object({ ok: z.literal(true), db: z.literal('up') });
/** The one error body, plus the same fields as a healthy answer, so a probe reads either alike. */
const HealthDownSchema = ErrorBodySchema.extend({ ok: z.literal(false), db: z.literal('down') });

/** GET /api/health: 200 while the database answers, 503 (with Retry-After) otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['health'], security: [], response: { 200: HealthSchema, 503: HealthDownSchema } },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        // Whatever failed, the database did not answer: this is the answer a probe waits for.
        const away = databaseAway();
        return reply
          .code(503)
          .headers(away.headers ?? {})
          .send({ detail: away.detail, code: away.code, ok: false as const, db: 'down' as const });
      }
      return { ok: true as const, db: 'up' as const };
    },
  );
};
