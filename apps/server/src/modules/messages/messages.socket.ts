import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const messagesSocket = fp(async (app: FastifyInstance) => {
  void app;
});
