import {
  CreateWantInputSchema,
  IdParamsSchema,
  TEXTS,
  UpdateWantInputSchema,
  WantSchema,
  WantsQuerySchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isBlockedPair, memberExists } from '../relations/index.js';
import { createWant, removeWant, renameWant } from './commands/want-list.js';
import { listWants } from './wants.queries.js';

const tags = ['want list'];

/**
 * /api/listings/want-listings: anyone signed in reads anyone's want list; only the owner
 * changes it. Someone else's item answers 404 like a missing one: the only items a member
 * can change are their own, so there is nothing to tell apart.
 */
export const wantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: WantsQuerySchema, response: { 200: z.array(WantSchema) } } },
    async (request) => {
      const userId = request.query.user_id ?? me(request).id;
      if (
        request.query.user_id !== undefined &&
        (!(await memberExists(app.db, userId)) || (await isBlockedPair(app.db, me(request).id, userId)))
      ) {
        throw notFound(TEXTS.userNotFound);
      }
      return listWants(app.db, userId);
    },
  );

  app.post(
    '/',
    { schema: { tags, body: CreateWantInputSchema, response: { 201: WantSchema } } },
    async (request, reply) => reply.status(201).send(await createWant(app, me(request).id, request.body)),
  );

  app.patch(
    '/:id',
    { schema: { tags, params: IdParamsSchema, body: UpdateWantInputSchema, response: { 200: WantSchema } } },
    async (request) => renameWant(app, me(request).id, request.params.id, request.body.title),
  );

  app.delete('/:id', { schema: { tags, params: IdParamsSchema } }, async (request, reply) => {
    await removeWant(app, me(request).id, request.params.id);
    return reply.status(204).send();
  });
};
