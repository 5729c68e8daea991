import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Server } from 'socket.io';

/**
 * The baselines, in a process of their own: a bare Fastify server answering each captured path
 * with the very bytes (status, headers, body) the real route sent, from memory, and a bare
 * socket.io relay that passes `send_message` on as `new_message` to both members, storing
 * nothing. Whatever the real server spends beyond these is its own work.
 *
 * Argument: a JSON file of the captured responses.
 */

export interface Captured {
  path: string;
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

export interface BareReady {
  type: 'listening';
  port: number;
}

/** Set by Node for each response; the rest are copied as the route sent them. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function serve(responses: Captured[]) {
  const byPath = new Map(
    responses.map((r) => [
      r.path,
      {
        status: r.status,
        headers: Object.fromEntries(Object.entries(r.headers).filter(([name]) => !OWN_HEADERS.has(name))),
        body: Buffer.from(r.body, 'base64'),
      },
    ]),
  );
  const app = Fastify();
  app.get('/*', (request, reply) => {
    const found = byPath.get(request.url);
    if (!found) return reply.code(404).send();
    return reply.code(found.status).headers(found.headers).send(found.body);
  });

  let id = 0;
  const io = new Server(app.server, { path: '/socket.io', transports: ['websocket'] });
  io.on('connection', (socket) => {
    const me = Number((socket.handshake.auth as { token?: string }).token);
    void socket.join(`user:${me}`);
    socket.on('send_message', (payload: { receiver_id: number; content: string }, ack?: (r: unknown) => void) => {
      const message = {
        id: ++id,
        sender_id: me,
        receiver_id: payload.receiver_id,
        content: payload.content,
        created_at: new Date().toISOString(),
        read_at: null,
      };
      io.to(`user:${payload.receiver_id}`).to(`user:${me}`).emit('new_message', message);
      ack?.({ ok: true, message });
    });
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ type: 'listening', port: (app.server.address() as AddressInfo).port } satisfies BareReady);
}

process.on('message', () => process.exit(0));
process.on('disconnect', () => process.exit(0));

await serve(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Captured[]);
