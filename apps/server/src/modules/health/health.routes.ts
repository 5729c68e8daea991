import { ErrorBodySchema } from '@gardenswap/shared';
import { sql } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAway } from '../../plugins/errors.js';

const HealthSchema = z.object({ ok: z.literal(true), db: z.literal('up') });
/** The one error body, plus the same fields as a healthy answer, so a probe reads either alike. */
const HealthDownSchema = ErrorBodySchema.extend({ ok: z.literal(false), db: z.literal('down') });
const LiveSchema = z.object({ ok: z.literal(true) });

const databaseProbe = {
  config: { public: true },
  schema: { tags: ['health'], security: [], response: { 200: HealthSchema, 503: HealthDownSchema } },
};

/**
 * GET /api/health and /api/health/ready: 200 while the database answers, 503 (with Retry-After)
 * otherwise. Once a shutdown begins, every new request is answered 503 before any route runs
 * (app.ts) and new connections are refused, so a draining instance is never ready. GET /api/health/live answers from the event loop alone: the process is not stuck.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const answerByDatabase = async (reply: FastifyReply) => {
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
  };

  app.get('/', databaseProbe, (_request, reply) => answerByDatabase(reply));
  // For a load balancer or an orchestrator: send traffic only while this answers 200.
  app.get('/ready', databaseProbe, (_request, reply) => answerByDatabase(reply));
  // For an orchestrator's restart rule: a database outage must not restart every instance.
  app.get(
    '/live',
    { config: { public: true }, schema: { tags: ['health'], security: [], response: { 200: LiveSchema } } },
    async () => ({ ok: true as const }),
  );
};
