import { type ClientToServerEvents, type ServerToClientEvents, tokenRoom, userRoom } from '@gardenswap/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { type AuthUser, allSessionsOf, authenticateToken } from './sessions/auth.tokens.js';
import { missedBroadcasts } from './missed-broadcasts.js';

export interface SocketData {
  user: AuthUser;
}
/** What instances tell each other through the adapter. */
interface InterServerEvents {
  token_revoked: (jti: string) => void;
  domain_event: (name: string, payload: unknown) => void;
}
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface Realtime {
  io: AppIo;
  /** Sends an event to every open socket of a member, on every instance. */
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Sends one event to every open socket of several members, on every instance: encoded and
   * published once, and heard once by a socket however many of the members it belongs to.
   */
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: readonly number[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Closes every socket opened with a token (after logout) and tells every instance it is revoked. */
  dropToken(jti: string): void;
  /** Hears of every revoked token, from this instance at once and from the others through Redis. */
  onTokenRevoked(handler: (jti: string) => void): void;
  /** Lets a feature handle the events of each new socket. */
  onConnection(handler: (socket: AppSocket) => void): void;
  /** Tells the other instances of an event (plugins/events.ts); without Redis there are none. */
  toOtherInstances(name: string, payload: unknown): void;
  /** Hears the events the other instances tell. */
  onInstanceEvent(handler: (name: string, payload: unknown) => void): void;
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
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const io: AppIo = new Server(app.server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      cors: app.config.corsOrigins.length ? { origin: app.config.corsOrigins } : undefined,
    });

    if (app.redis) {
      // The publisher inherits the app client's options: a publish while Redis is away fails at
      // once instead of queueing, so a broadcast reaches this instance's sockets at once and the
      // others once Redis is back (missedBroadcasts). The subscriber waits as long
      // as it takes, and subscribes again by itself (autoResubscribe) each time Redis returns.
      const pub = app.redis.duplicate();
      const sub = app.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      const missed = missedBroadcasts(pub);
      // The adapter fires these without awaiting them: a failure must not become an unhandled
      // rejection, which would end the process.
      catchRejections(pub, ['publish'], (_error, [channel, message]) =>
        missed.keep(channel as string | Buffer, message as string | Buffer),
      );
      catchRejections(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], () => {});
      watchOutages(app, [pub, sub], () => {
        const count = missed.count;
        missed.resend((channel, message) => missed.keep(channel, message));
        return count;
      });
      io.adapter(createAdapter(pub, sub));
      app.addHook('onClose', async () => {
        missed.stop();
        pub.disconnect();
        sub.disconnect();
      });
    }

    io.use(async (socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      try {
        const user = await authenticateToken(
          app.db,
          app.config.jwtSecret,
          typeof token === 'string' ? token : undefined,
          undefined,
          socket.handshake.headers['user-agent'],
        );
        if (!user) return next(new Error('unauthorized'));
        socket.data.user = user;
        next();
      } catch (error) {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      }
    });

    const handlers: ((socket: AppSocket) => void)[] = [];
    const revokedHandlers: ((jti: string) => void)[] = [];
    // From the other instances through Redis; one lost while Redis is away is made up for by the session check's TTL.
    io.on('token_revoked', (jti) => {
      for (const handler of revokedHandlers) handler(jti);
    });
    const eventHandlers: ((name: string, payload: unknown) => void)[] = [];
    io.on('domain_event', (name, payload) => {
      for (const handler of eventHandlers) handler(name, payload);
    });
    io.on('connection', (socket) => {
      const { user } = socket.data;
      // The last room is the member's every session: ending them all (`dropToken(allSessionsOf(id))`) closes this socket too.
      void socket.join([userRoom(user.id), tokenRoom(user.jti), tokenRoom(allSessionsOf(user.id))]);
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
      toUsers(userIds, event, ...args) {
        io.to(userIds.map(userRoom)).emit(event, ...args);
      },
      dropToken(jti) {
        for (const handler of revokedHandlers) handler(jti);
        // The in-memory adapter (no REDIS_URL) has no other instance to tell.
        if (app.redis) io.serverSideEmit('token_revoked', jti);
        // The adapter drops this instance's sockets too only once its own request comes back through
        // Redis: close them here first, so a logout holds on this instance while Redis is away.
        io.local.in(tokenRoom(jti)).disconnectSockets(true);
        io.in(tokenRoom(jti)).disconnectSockets(true);
      },
      onConnection(handler) {
        handlers.push(handler);
      },
      onTokenRevoked(handler) {
        revokedHandlers.push(handler);
      },
      toOtherInstances(name, payload) {
        if (app.redis) io.serverSideEmit('domain_event', name, payload);
      },
      onInstanceEvent(handler) {
        eventHandlers.push(handler);
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
  },
  { name: 'realtime' },
);

/** Makes the named commands of a client settle instead of reject, handing each failure to `failed`. */
function catchRejections(client: Redis, names: string[], failed: (error: unknown, args: unknown[]) => void) {
  const commands = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of names) {
    const send = commands[name]!.bind(client);
    commands[name] = (...args) =>
      send(...args).catch((error: unknown) => {
        failed(error, args);
        return undefined;
      });
  }
}

/**
 * Logs once when the first of the chat's connections loses Redis and once when all are back,
 * with the broadcasts other instances missed meanwhile (sent again now), rather than at every
 * reconnection attempt.
 */
function watchOutages(app: FastifyInstance, clients: Redis[], takeLost: () => number) {
  let awaySince: number | undefined;
  let lastError: unknown;
  for (const client of clients) {
    client.on('error', (error) => {
      lastError = error;
      app.log.debug({ err: error }, 'redis error');
    });
    // Emitted only when the client will try again: not when the app closes it.
    client.on('reconnecting', () => {
      if (awaySince !== undefined) return;
      awaySince = Date.now();
      app.log.warn({ err: lastError }, 'Redis is away: chat reaches only this instance’s sockets until it is back');
    });
    client.on('ready', () => {
      lastError = undefined;
      if (awaySince === undefined || !clients.every((c) => c.status === 'ready')) return;
      const awayMs = Date.now() - awaySince;
      awaySince = undefined;
      app.log.info({ awayMs, missedBroadcasts: takeLost() }, 'Redis is back: chat reaches every instance again');
    });
  }
}
