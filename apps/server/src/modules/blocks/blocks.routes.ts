import { BlockInputSchema, BlockUserParamsSchema, BlockedUserSchema, SAFETY_TEXTS, TEXTS } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { memberExists } from '../relations/index.js';
import { blockMember, listBlocked, unblockMember } from './blocks.queries.js';

const tags = ['safety'];

/**
 * /api/blocks: a block hides the two members from each other everywhere (listings, profiles,
 * want lists, search, messages) and ends their friendship or pending request.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, description: 'The members I blocked.', response: { 200: z.array(BlockedUserSchema) } } },
    async (request) => listBlocked(app.db, me(request).id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        description:
          'Blocks a member and ends any friendship or pending request with them. Blocking again changes nothing.',
        body: BlockInputSchema,
        response: { 201: BlockInputSchema },
      },
    },
    async (request, reply) => {
      const userId = me(request).id;
      const blockedId = request.body.user_id;
      if (blockedId === userId) throw invalidField('user_id', SAFETY_TEXTS.blockSelf);
      if (!(await memberExists(app.db, blockedId))) throw notFound(TEXTS.userNotFound);
      await blockMember(app.db, userId, blockedId);
      await app.events.emit('block.changed', { blockerId: userId, blockedId, blocked: true });
      return reply.status(201).send({ user_id: blockedId });
    },
  );

  app.delete(
    '/:user_id',
    {
      schema: {
        tags,
        description: 'Lifts my block. The friendship it ended does not come back.',
        params: BlockUserParamsSchema,
      },
    },
    async (request, reply) => {
      const blockerId = me(request).id;
      await unblockMember(app.db, blockerId, request.params.user_id);
      await app.events.emit('block.changed', { blockerId, blockedId: request.params.user_id, blocked: false });
      return reply.status(204).send();
    },
  );
};
