import { type ClientToServerEvents, type ServerToClientEvents, tokenRoom, userRoom } from '@gardenswap/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { type AuthUser, authenticateToken } from '../modules/auth/auth.tokens.js';

export interface SocketData {
  user: AuthUser;
}
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: AppIo;
  /** Sends an event to every open socket of a member, on every instance. */
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Closes every socket opened with a token (after logout), on every instance. */
  dropToken(jti: string): void;
  /** Lets a feature handle the events of each new socket. */
  onConnection(handler: (socket: AppSocket) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * socket.io on the API's own port at /socket.io. The token travels in the handshake's
 * `auth.token`, never in the URL. Each socket joins its member's room and its token's room.
 * With REDIS_URL, rooms span every instance through the Redis adapter.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: AppIo = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    cors: app.config.corsOrigins.length ? { origin: app.config.corsOrigins } : undefined,
  });

  if (app.redis) {
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      pub.disconnect();
      sub.disconnect();
    });
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      const user = await authenticateToken(app.db, app.config.jwtSecret, typeof token === 'string' ? token : undefined);
      if (!user) return next(new Error('unauthorized'));
      socket.data.user = user;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  const handlers: ((socket: AppSocket) => void)[] = [];
  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join([userRoom(user.id), tokenRoom(user.jti)]);
    // The token expires while the socket stays open: close it then, as a request would be refused.
    const msLeft = user.exp * 1000 - Date.now();
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(msLeft, 0), 2 ** 31 - 1));
    socket.on('disconnect', () => clearTimeout(expiry));
    for (const handler of handlers) handler(socket);
  });

  const realtime: Realtime = {
    io,
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    dropToken(jti) {
      io.in(tokenRoom(jti)).disconnectSockets(true);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
  };
  app.decorate('realtime', realtime);

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    // io.close() would also close the HTTP server, which Fastify closes itself.
    io.engine.close();
    await io.of('/').adapter.close?.();
  });
});
