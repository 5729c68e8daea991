import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TEXTS } from '@gardenswap/shared';
import { SHARED_PHOTOS_LANDING, SHARE_TARGET_PATH } from '@gardenswap/shared/share-target';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import type { DB } from './db/schema.js';
import { AppError } from './lib/app-error.js';
import { multipartPlugin } from './plugins/multipart.js';
import { type ResilientRateLimitStore, resilientRateLimitStore } from './lib/resilient-rate-limit-store.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { blocksRoutes } from './modules/blocks/blocks.routes.js';
import { friendsRoutes } from './modules/friends/friends.routes.js';
import { freshListingsSweep } from './modules/fresh/fresh-sweep.js';
import { inSeasonPlugin } from './modules/season/in-season.js';
import { inSeasonRoutes } from './modules/season/in-season.routes.js';
import { freshRoutes } from './modules/fresh/fresh.routes.js';
import { gardenersRoutes } from './modules/gardeners/gardeners.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { idempotencyPlugin } from './modules/idempotency/idempotency.plugin.js';
import { imagesPlugin } from './modules/images/images.plugin.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { listingPhotosRoutes } from './modules/listings/listing-photos.routes.js';
import { listingsPlugin } from './modules/listings/listings.plugin.js';
import { listingsRoutes } from './modules/listings/listings.routes.js';
import { mapRoutes } from './modules/listings/map.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { messagesSocket } from './modules/messages/messages.socket.js';
import { offlineMailPlugin } from './modules/messages/offline-mail.js';
import { metricsPlugin } from './modules/metrics/metrics.plugin.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { tradeRoutes } from './modules/trade/trade.routes.js';
import { pickupRoutes } from './modules/trade/pickup.routes.js';
import { pickupSweep } from './modules/trade/pickup-sweep.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { eventPhotoRoutes } from './modules/events/event-photo.routes.js';
import { eventSweep } from './modules/events/event-sweep.js';
import { digestSweep } from './modules/digest/digest-sweep.js';
import { suspensionSweep } from './modules/moderation/suspension-sweep.js';
import { notificationsModule } from './modules/notifications/notifications.routes.js';
import { presencePlugin } from './modules/presence/presence.plugin.js';
import type { ResolveHost } from './modules/push/endpoint.js';
import { pushSenderPlugin } from './modules/push/push-sender.js';
import { pushSocket } from './modules/push/push.socket.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { swapAlertsPlugin } from './modules/swaps/swap-alerts.js';
import { swapsRoutes } from './modules/swaps/swaps.routes.js';
import { wantsRoutes } from './modules/wants/wants.routes.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors, sendError } from './plugins/errors.js';
import { eventsPlugin } from './plugins/events.js';
import { realtimePlugin } from './plugins/realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: DatabaseHandle['dialect'];
    /** Present only when REDIS_URL is set (scaled out). */
    redis?: Redis;
    /** Answers every new request 503 from now on (readiness included): a shutdown has begun. */
    startDraining: () => void;
  }
}

export type App = FastifyInstance;

const builtWebDist = path.resolve(fileURLToPath(import.meta.url), '../../../web/dist');

/** Everything the log must never contain. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  '*.access_token',
  'password',
  'token',
];

/**
 * One line per request, at debug: two lines at info for every request cost more than answering
 * a listing. Failures are logged where they become answers (plugins/errors.ts).
 */
class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Builds the whole server without listening: tests call `inject()` or `listen({ port: 0 })`.
 * Migrations run here, so a built app always has the latest schema.
 */
export async function buildApp(
  config: Config,
  options: {
    database?: DatabaseHandle;
    logStream?: DestinationStream;
    /** The built web app to serve; apps/web/dist unless a test brings its own. */
    webDist?: string;
    /** How push endpoints' hosts are resolved before each push; the system's resolver unless a test brings its own. */
    resolveHost?: ResolveHost;
  } = {},
): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, stream: options.logStream },
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Slow or stalled clients give their connection back (see SERVER_TIMEOUTS in config.ts).
    connectionTimeout: config.timeouts.idleMs,
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
    clientErrorHandler,
    frameworkErrors,
    // Requests arriving while the server drains get the one error body (below), not Fastify's own.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // Once closing, answers in flight end their keep-alive connection, so shutdown waits
  // only for requests that are really running, not for idle browsers.
  let closing = false;
  // The shutdown calls it before anything else, so no probe finds the instance ready once it is
  // stopping; closing any other way gets there through preClose.
  app.decorate('startDraining', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  // A request that arrives while the server drains (on a kept-alive connection) goes elsewhere:
  // 503 with Retry-After, which also makes this instance not ready. Liveness still answers.
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing || request.url === '/api/health/live') return done();
    // Plain JSON: the health probes' own 503 schema describes their own answer, not this one.
    void sendError(
      reply.serializer(JSON.stringify),
      new AppError('SERVICE_UNAVAILABLE', TEXTS.unavailable, 503, undefined, { 'retry-after': '5' }),
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const database = options.database ?? connectDatabase(config.database, { backgroundCheckpoints: true });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.addHook('onClose', async () => {
    if (!options.database) await database.db.destroy();
  });
  await migrateToLatest(database.db);

  let rateLimitStore: ResilientRateLimitStore | undefined;
  if (config.redisUrl) {
    // Redis may go away at any time: reconnect forever, at most 2 s apart, so a returning Redis is
    // used again within seconds; a command never waits for a connection that is not there (no
    // offline queue), its caller carries on without Redis (see the store and plugins/realtime.ts).
    const redis = new Redis(config.redisUrl, {
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 5000,
    });
    // Every reconnection attempt errs: the rate limits and the chat adapter each log an outage once.
    redis.on('error', (error) => app.log.debug({ err: error }, 'redis error'));
    app.decorate('redis', redis);
    const store = resilientRateLimitStore(redis, { nameSpace: 'gardenswap-rl-', log: app.log });
    rateLimitStore = store;
    app.addHook('onClose', async () => {
      store.close();
      redis.disconnect();
    });
  }

  await app.register(errorsPlugin);
  // Before every route, so its hooks count them all.
  await app.register(metricsPlugin, { poolUse: database.poolUse });
  // Security headers on every answer. Helmet's middleware is built once here: its Fastify
  // plugin rebuilt it, parsing the policy again, for every request.
  const securityHeaders = helmet({
    // The web app and the API reference load only their own scripts and styles.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The operator's map tiles, when the map shows them (MAP_STYLE_URL).
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.mapTiles ? [new URL(config.mapTiles.url.replace(/\{[a-z]\}/g, '0')).origin] : []),
        ],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The installable app: its service worker and its manifest, both its own files.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  if (config.corsOrigins.length)
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: false,
      exposedHeaders: ['Link', 'Retry-After'],
    });
  await app.register(formbody);
  await app.register(multipartPlugin);
  await app.register(rateLimit, {
    global: false,
    // In Redis across instances, or in this instance's memory while Redis is away; without
    // REDIS_URL, in memory.
    store: rateLimitStore?.Store,
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', TEXTS.tooManyRequests, 429, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Gardenswap API', version: '1.0.0', description: 'The marketplace for home gardeners.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  await app.register(imagesPlugin);
  await app.register(realtimePlugin);
  await app.register(eventsPlugin);
  // Before the modules that queue pushes: a sent message wakes its worker.
  await app.register(pushSenderPlugin, { resolveHost: options.resolveHost });
  await app.register(pushSocket);
  await app.register(listingsPlugin);
  await app.register(inSeasonPlugin);
  await app.register(messagesSocket);
  await app.register(presencePlugin);
  await app.register(suspensionSweep);

  // The API's own context: its routes need a session unless they say they are public.
  await app.register(async (api) => {
    await api.register(authPlugin);
    // Before the other modules: they call app.notify; it also serves /api/notifications, /api/mail, invites, want matches.
    await api.register(notificationsModule);
    await api.register(swapAlertsPlugin);
    // Unread messages e-mailed to members who are away (it queues through app.mailer).
    await api.register(offlineMailPlugin);
    // Listings ask their owners whether they are still available, and pause themselves.
    await api.register(freshListingsSweep);
    await api.register(pickupSweep);
    await api.register(eventSweep);
    await api.register(digestSweep);
    // Before the routes that create: they claim the request's Idempotency-Key through it.
    await api.register(idempotencyPlugin);
    await api.register(healthRoutes, { prefix: '/api/health' });
    await api.register(siteRoutes, { prefix: '/api/site' });
    await api.register(authRoutes, { prefix: '/api/auth' });
    await api.register(sessionsRoutes, { prefix: '/api/auth/sessions' });
    await api.register(friendsRoutes, { prefix: '/api/auth/friends' });
    await api.register(listingsRoutes, { prefix: '/api/listings' });
    await api.register(listingPhotosRoutes, { prefix: '/api/listings' });
    await api.register(mapRoutes, { prefix: '/api/listings' });
    await api.register(freshRoutes, { prefix: '/api/listings' });
    await api.register(inSeasonRoutes, { prefix: '/api/listings' });
    await api.register(wantsRoutes, { prefix: '/api/listings/want-listings' });
    await api.register(messagesRoutes, { prefix: '/api/messages' });
    await api.register(uploadsRoutes, { prefix: '/api/uploads' });
    await api.register(blocksRoutes, { prefix: '/api/blocks' });
    await api.register(reportsRoutes, { prefix: '/api/reports' });
    await api.register(gardenersRoutes, { prefix: '/api/auth/users' });
    await api.register(accountRoutes, { prefix: '/api/account' });
    await api.register(moderationRoutes, { prefix: '/api/moderation' });
    await api.register(swapsRoutes, { prefix: '/api/swaps' });
    await api.register(tradeRoutes, { prefix: '/api' });
    await api.register(pickupRoutes, { prefix: '/api' });
    await api.register(eventsRoutes, { prefix: '/api' });
    await api.register(eventPhotoRoutes, { prefix: '/api' });
    await api.register(pushRoutes, { prefix: '/api/push' });
  });

  await registerWebApp(app, options.webDist ?? builtWebDist);
  return app;
}

/** Content-hashed build output (`/assets/name-<hash>.ext`): its URL changes whenever its bytes do. */
const HASHED_ASSET = /^assets\/.+-[\w-]{8}\.\w+(?:\.(?:br|gz))?$/;
/**
 * Files at a fixed URL that say which release is current: the page, the service worker (and the
 * helpers a build may give it) and the web app manifest. Revalidated on every visit, so a new
 * release is seen at once rather than an hour later.
 */
const RELEASE_FILE = /^(?:.+\.html|sw\.js|registerSW\.js|workbox-[\w-]+\.js|manifest\.webmanifest)(?:\.(?:br|gz))?$/;

/**
 * Serves the built web app, with index.html for every client-side route outside /api. Text files
 * go out as their precompressed .br or .gz sibling when the browser accepts it (written at build
 * time, apps/web/scripts/precompress.mjs). Hashed assets are cached for a year without
 * revalidation; index.html, the service worker and the manifest are revalidated on every visit
 * (ETag, Last-Modified) so a new release is picked up at once; other public files (the favicon,
 * the app's icons) are cached briefly.
 */
async function registerWebApp(app: App, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The variants are served in place of their file, never at their own URL.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, file) {
        const relative = path.relative(webDist, file).split(path.sep).join('/');
        let cacheControl = 'public, max-age=3600';
        if (HASHED_ASSET.test(relative)) cacheControl = 'public, max-age=31536000, immutable';
        else if (RELEASE_FILE.test(relative)) cacheControl = 'no-cache';
        reply.header('cache-control', cacheControl);
      },
    });
  // The installed app's share target whose service worker is gone (the browser's storage was
  // cleared): the photos cannot be kept here, so the post form opens and says none arrived.
  app.post(SHARE_TARGET_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(SHARED_PHOTOS_LANDING, 303),
  );
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api') &&
      !url.startsWith('/socket.io') &&
      // A chunk of another release is missing, not a page: HTML in its place would fail to parse.
      !url.startsWith('/assets/');
    if (!hasWeb || !isPage) return sendError(reply, new AppError('NOT_FOUND', TEXTS.notFound));
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
