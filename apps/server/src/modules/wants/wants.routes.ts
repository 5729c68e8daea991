import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const wantsRoutes: FastifyPluginAsyncZod = async () => {};
