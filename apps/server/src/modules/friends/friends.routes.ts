import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const friendsRoutes: FastifyPluginAsyncZod = async () => {};
