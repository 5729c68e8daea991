import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { unwritableDirMessage } from './lib/data-dir.js';

const DAY_MS = 24 * 60 * 60_000;

const onOff = z.enum(['on', 'off']);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z.string().optional(),
    PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
    UPLOADS_STORE: z.enum(['disk', 'database']).default('disk'),
    TRUST_PROXY: z.string().optional(),
    RATE_LIMITS: onOff.default('on'),
    CORS_ORIGINS: z.string().optional(),
    CONTACT_EMAIL: z.email().default('hello@gardenswap.example'),
    MAP_STYLE_URL: z
      .string()
      .regex(
        /^https?:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/,
        'must be an http(s) tile URL with {z}, {x} and {y}',
      )
      .optional(),
    MAP_ATTRIBUTION: z.string().max(300).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    for (const [name, other] of [
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
      ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'],
    ] as const) {
      if (env[other] && !env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${other}` });
    }
    // Instances that each made their own keys could not send to one another's subscriptions.
    if (env.NODE_ENV === 'production' && env.REDIS_URL && !env.VAPID_PUBLIC_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is required when NODE_ENV=production and REDIS_URL is set (every instance signs with the same keys)',
      });
    }
  });

/**
 * How long the server waits on a client, so a slow or stalled one gives its connection back.
 * Node checks the header and request deadlines every `checkIntervalMs`, so a deadline may be
 * overrun by up to that much.
 */
export const SERVER_TIMEOUTS = {
  /** The whole header section: a browser sends it in one packet, a slow-loris never finishes it. */
  headersMs: 15_000,
  /**
   * The whole request, body included: 10 MB (the photo limit) at 0.7 Mbit/s, a phone on a
   * poor mobile link; the web app sends photos of at most 3 MB, which fit at 0.2 Mbit/s.
   */
  requestMs: 120_000,
  /** No byte either way for this long: the client is gone, or is trickling on purpose. */
  idleMs: 30_000,
  /** An idle keep-alive connection: longer than the usual load balancer's 60 s, so the balancer closes first. */
  keepAliveMs: 72_000,
  checkIntervalMs: 1_000,
  /**
   * After answering a request whose body is still arriving (a refused upload), the server reads
   * and throws away the rest before closing, as nginx and Apache do: closing with unread bytes
   * resets the connection, and the client loses the answer. Bounded like nginx's lingering close.
   */
  lingeringClose: { totalMs: 30_000, idleMs: 5_000, maxBytes: 64 * 1024 * 1024 },
};

/**
 * How long the server waits on PostgreSQL, so that while it is down or hung a request answers
 * 503 within two seconds instead of waiting as long as the database does. A request meets at
 * most one of the first three: once a connection is lost, later requests answer at once.
 */
export const DATABASE_TIMEOUTS = {
  /** Opening a connection, or waiting for a free one while all of them are busy. */
  connectMs: 800,
  /** A statement running longer is cancelled by PostgreSQL itself; its connection stays usable. */
  statementMs: 1_000,
  /**
   * No answer at all: the server is hung or the network is cut, and the connection is dropped.
   * Longer than `statementMs`, so a server that is only slow answers with its cancellation first.
   */
  queryMs: 1_200,
  /** A transaction left idle this long (its client hung or gone) is ended, so its locks are freed. */
  idleInTransactionMs: 10_000,
  /** TCP keep-alive probes on quiet connections notice a server that vanished without a word. */
  keepAliveMs: 10_000,
  /** While the database is away, requests answer 503 at once and this often the server checks whether it is back. */
  checkMs: 250,
};

/**
 * The e-mail queue (the `outbox` table) and the worker that sends it over SMTP_URL. A failed send
 * is retried after `retryBaseMs`, then twice as long each time up to `retryMaxMs`, until the
 * e-mail is `giveUpAfterMs` old. A worker's claim on a batch lasts `leaseMs`: a worker that dies
 * mid-batch leaves its e-mails to be retaken then. The SMTP deadlines bound one send, so a
 * worker sends only while its lease has at least their sum left.
 */
export const MAIL_QUEUE = {
  /** How often the worker looks for due e-mails; an e-mail queued on this instance wakes it at once. */
  pollMs: 1_000,
  /** While the database is unreachable the worker waits twice as long after each failure, up to this. */
  pollMaxMs: 15_000,
  batchSize: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  leaseMs: 5 * 60_000,
  smtp: { connectionTimeoutMs: 10_000, greetingTimeoutMs: 10_000, socketTimeoutMs: 30_000 },
};
export type MailQueueSettings = typeof MAIL_QUEUE;

/**
 * The same queue in seconds rather than minutes under NODE_ENV=test, where the fault drills run the
 * real server: a drill outlives a retry or a lease in a few seconds.
 */
const MAIL_QUEUE_UNDER_TEST: MailQueueSettings = {
  ...MAIL_QUEUE,
  retryBaseMs: 500,
  retryMaxMs: 5_000,
  leaseMs: 15_000,
  smtp: { connectionTimeoutMs: 2_000, greetingTimeoutMs: 2_000, socketTimeoutMs: 5_000 },
};

/**
 * The web push queue (the `push_queue` table): one row per push per subscribed device, sent to the
 * browser's push service by a worker, retried and leased like the e-mail queue. A push is worth
 * less the later it comes, so it is given up sooner than an e-mail.
 */
export const PUSH_QUEUE = {
  /** How often the worker looks for due pushes; a message sent on this instance wakes it at once. */
  pollMs: 1_000,
  pollMaxMs: 15_000,
  batchSize: 20,
  retryBaseMs: 10_000,
  retryMaxMs: 10 * 60_000,
  giveUpAfterMs: 6 * 60 * 60_000,
  leaseMs: 2 * 60_000,
  /** One request to a push service, answer included: a hung one cannot hold the worker longer. */
  sendTimeoutMs: 10_000,
  /** Asking every instance whether the member has a tab in front; unanswered, this instance's own sockets decide. */
  focusCheckMs: 2_000,
  /** How long the push service keeps a push for a device that is offline (its TTL header). */
  ttlSeconds: 24 * 60 * 60,
  /** Sent, skipped and given-up pushes are deleted after this long; the sweep runs every `sweepMs`. */
  keepSettledMs: 7 * DAY_MS,
  sweepMs: 60 * 60_000,
};
export type PushQueueSettings = typeof PUSH_QUEUE;

/** The push queue in seconds under NODE_ENV=test, where the browser journeys run the real server. */
const PUSH_QUEUE_UNDER_TEST: PushQueueSettings = {
  ...PUSH_QUEUE,
  pollMs: 200,
  retryBaseMs: 500,
  retryMaxMs: 5_000,
  leaseMs: 15_000,
  sendTimeoutMs: 3_000,
  focusCheckMs: 1_000,
};

/** The server's VAPID key pair (base64url, uncompressed P-256) and the contact push services see. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * E-mails about unread messages. A member with a message unread for `offlineAfterMs`, and no
 * connected socket on any instance for as long, gets one e-mail per conversation; a conversation
 * is e-mailed at most once per `perConversationMs`. Each instance records its connected members
 * as seen every `heartbeatMs` (and on connect and disconnect) and looks for what is due every
 * `sweepMs`; both live in the database, so a restart or a crash forgets nothing.
 */
export const OFFLINE_MAIL = {
  offlineAfterMs: 10 * 60_000,
  perConversationMs: 60 * 60_000,
  /** Well under `offlineAfterMs`: a connected member must never look away that long. */
  heartbeatMs: 60_000,
  sweepMs: 30_000,
  /** Conversations e-mailed per sweep at most; the next sweep takes the rest. */
  batchSize: 50,
  /**
   * Older unread messages are never e-mailed about (turning the switch back on does not bring up
   * last month's), and the sweep reads only this stretch of the unread ones.
   */
  lookBackMs: 7 * 24 * 60 * 60_000,
};
export type OfflineMailSettings = typeof OFFLINE_MAIL;

/**
 * Fresh listings: an active listing asks its owner whether it is still available once it has gone
 * unrenewed this long (produce spoils in days; seeds and plants keep), and pauses itself when
 * nobody renews it within `graceMs` of the asking. Each instance sweeps every `sweepMs`; the state
 * lives on the listing, so a restart forgets nothing. The e-mail's renew link works for `linkTtlMs`.
 */
export const FRESH_LISTINGS = {
  produceAfterMs: 7 * DAY_MS,
  seedsAndPlantsAfterMs: 30 * DAY_MS,
  graceMs: 3 * DAY_MS,
  sweepMs: 60_000,
  /** Listings asked (or paused) per sweep at most; the next sweep takes the rest. */
  batchSize: 100,
  /**
   * Listings already due when fresh listings arrived (an upgrade of a lived-in marketplace) are
   * asked spread over this long, not all in the first sweep.
   */
  backlogSpreadMs: 7 * DAY_MS,
  linkTtlMs: 14 * DAY_MS,
};
export type FreshListingsSettings = typeof FRESH_LISTINGS;

/** The time the server goes by where a test must move it (fresh listings); the real one elsewhere. */
export type Clock = () => number;

/** A per-window request budget. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl?: string;
  jwtSecret: string;
  smtpUrl?: string;
  publicOrigin: string;
  uploadsStore: 'disk' | 'database';
  trustProxy: boolean | string;
  rateLimits: {
    enabled: boolean;
    /** Failed logins from one address, whatever the accounts, before that address is refused. */
    loginPerIp: Limit;
    /** Failed logins on one account from one address before that address is refused on that account. */
    loginPerAccount: Limit;
    /** Failed logins on one account from all addresses that make a burst: logins slow down, the member is told. */
    loginBurstPerAccount: Limit;
    /** How long every login on an account in a burst waits for its answer. */
    loginBurstDelayMs: number;
    registerPerIp: Limit;
    /** "Forgot password" requests from one client address. */
    passwordResetPerIp: Limit;
    /** "Forgot password" requests naming one e-mail address, from anywhere. */
    passwordResetPerAccount: Limit;
    /** Wrong current passwords one member may give (changing password or e-mail) before being refused. */
    currentPasswordPerAccount: Limit;
    /** E-mails with a confirmation link one member may ask for (resend, change of address). */
    confirmationLinksPerAccount: Limit;
    /** Messages a member may send in a short burst, by socket and HTTP together. */
    messageBurst: Limit;
    /** Messages a member may send over a longer stretch, by socket and HTTP together. */
    messageSteady: Limit;
  };
  corsOrigins: string[];
  contactEmail: string;
  /**
   * The map's basemap: an operator's own raster tiles (`{z}/{x}/{y}`, and the credit they ask for);
   * unset, the map draws the state outlines that ship with the app and asks no one.
   */
  mapTiles?: { url: string; attribution: string };
  logLevel: string;
  /** Set: the metrics are served to whoever presents it, and to no one else. Unset: to loopback clients only. */
  metricsToken?: string;
  /** argon2 cost; tests use a cheaper one so the suite stays quick. */
  passwordHashing: { memoryCost: number; timeCost: number };
  /** Deadlines for slow clients; tests shorten them to stay quick. */
  timeouts: typeof SERVER_TIMEOUTS;
  /** Retries, leases and polling of the e-mail queue. */
  mailQueue: MailQueueSettings;
  /** Web push: the VAPID keys, and which endpoints a subscription may name. */
  push: {
    vapid: VapidKeys;
    /**
     * http:// endpoints on loopback hosts are accepted (on under NODE_ENV=test only, for the test's
     * own push service); otherwise only https:// to a named public host, so no member can make the
     * server post to an address inside its network.
     */
    allowLoopbackHttp: boolean;
    /** Devices one member may have subscribed at once; a new one beyond replaces the oldest. */
    subscriptionsPerMember: number;
  };
  /** Retries, leases and polling of the push queue. */
  pushQueue: PushQueueSettings;
  /** When unread messages are e-mailed to a member who is away; tests shorten them. */
  offlineMail: OfflineMailSettings;
  /** When listings ask to be renewed and pause themselves. */
  freshListings: FreshListingsSettings;
  /** Now, for fresh listings: tests jump days ahead with their own. */
  clock: Clock;
}

/** Thrown when the environment is wrong; the message names the variable. */
export class ConfigError extends Error {}

function jwtSecretFrom(dataDir: string, given?: string): string {
  if (given) return given;
  // Development convenience: one secret generated on first start and kept beside the data,
  // so sessions survive restarts without anyone having to configure anything.
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (error) {
    throw new ConfigError(unwritableDirMessage(dataDir, error));
  }
  return secret;
}

const P256_PUBLIC_KEY_BYTES = 65;
const P256_PRIVATE_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why a VAPID key pair is unusable, naming where it came from; undefined when it is good. */
function vapidKeysProblem(publicKey: string, privateKey: string, names: [string, string]): string | undefined {
  const [publicName, privateName] = names;
  const pub = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : undefined;
  if (pub?.length !== P256_PUBLIC_KEY_BYTES || pub[0] !== 4)
    return `${publicName}: must be an uncompressed P-256 public key (65 bytes), base64url`;
  const priv = BASE64URL.test(privateKey) ? Buffer.from(privateKey, 'base64url') : undefined;
  if (priv?.length !== P256_PRIVATE_KEY_BYTES)
    return `${privateName}: must be a P-256 private key (32 bytes), base64url`;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return `${privateName}: is not the private key of ${publicName}`;
  } catch {
    return `${privateName}: is not a valid P-256 private key`;
  }
  return undefined;
}

/**
 * The VAPID keys from the environment, or, as the JWT secret, generated on first start and kept
 * beside the data (one instance, or instances sharing DATA_DIR). Push subscriptions are made with
 * the public key: keep the pair, or every device must subscribe again.
 */
function vapidKeysFrom(dataDir: string, env: { publicKey?: string; privateKey?: string; subject: string }): VapidKeys {
  if (env.publicKey && env.privateKey) {
    const problem = vapidKeysProblem(env.publicKey, env.privateKey, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
    return { publicKey: env.publicKey, privateKey: env.privateKey, subject: env.subject };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    // Written aside and linked into place: instances starting together on one DATA_DIR all keep the first pair.
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(aside, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new ConfigError(unwritableDirMessage(dataDir, error));
    } finally {
      rmSync(aside, { force: true });
    }
  }
  let kept: { publicKey?: unknown; privateKey?: unknown } | undefined;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as typeof kept;
  } catch {
    kept = undefined;
  }
  const { publicKey, privateKey } = kept ?? {};
  const problem =
    typeof publicKey === 'string' && typeof privateKey === 'string'
      ? vapidKeysProblem(publicKey, privateKey, [`${file} publicKey`, `${file} privateKey`])
      : `${file}: must hold {"publicKey", "privateKey"}`;
  if (problem)
    throw new ConfigError(`Invalid configuration:\n  ${problem} (or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)`);
  return { publicKey: publicKey as string, privateKey: privateKey as string, subject: env.subject };
}

function trustProxyFrom(value?: string): boolean | string {
  if (!value) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Reads the environment once; every other module takes the Config it returns. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: Config['database'] =
    e.DATABASE_URL && e.DATABASE_URL.startsWith('postgres')
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'sqlite',
          file: e.DATABASE_URL?.startsWith('sqlite:')
            ? path.resolve(e.DATABASE_URL.slice('sqlite:'.length))
            : path.join(dataDir, 'gardenswap.sqlite'),
        };
  const isTest = e.NODE_ENV === 'test';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    redisUrl: e.REDIS_URL,
    jwtSecret: jwtSecretFrom(dataDir, e.JWT_SECRET),
    smtpUrl: e.SMTP_URL,
    publicOrigin: e.PUBLIC_ORIGIN.replace(/\/$/, ''),
    uploadsStore: e.UPLOADS_STORE,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    rateLimits: {
      enabled: e.RATE_LIMITS === 'on',
      loginPerIp: { max: 20, windowMs: 15 * 60_000 },
      loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
      // Nobody mistypes a password ten times in a quarter of an hour; a guesser spread over
      // many addresses does, and from then on pays a few seconds for every guess.
      loginBurstPerAccount: { max: 10, windowMs: 15 * 60_000 },
      loginBurstDelayMs: 3000,
      registerPerIp: { max: 10, windowMs: 60 * 60_000 },
      passwordResetPerIp: { max: 10, windowMs: 60 * 60_000 },
      passwordResetPerAccount: { max: 3, windowMs: 60 * 60_000 },
      // A session held by someone else must not become a way to guess the password behind it.
      currentPasswordPerAccount: { max: 5, windowMs: 15 * 60_000 },
      confirmationLinksPerAccount: { max: 5, windowMs: 60 * 60_000 },
      // A person typing a chat sends a few lines in a row, at most about one a second, and
      // slows down over minutes; 12 in 10 s leaves room for a pasted list or quick replies,
      // 60 in 5 min (one every 5 s, held for five minutes) for the liveliest conversation.
      // A script is held to 12 a minute, where it could store hundreds a second before.
      messageBurst: { max: 12, windowMs: 10_000 },
      messageSteady: { max: 60, windowMs: 5 * 60_000 },
    },
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    contactEmail: e.CONTACT_EMAIL,
    mapTiles: e.MAP_STYLE_URL ? { url: e.MAP_STYLE_URL, attribution: e.MAP_ATTRIBUTION ?? '' } : undefined,
    logLevel: e.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    passwordHashing: isTest ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 19456, timeCost: 2 },
    timeouts: SERVER_TIMEOUTS,
    mailQueue: isTest ? MAIL_QUEUE_UNDER_TEST : MAIL_QUEUE,
    push: {
      vapid: vapidKeysFrom(dataDir, {
        publicKey: e.VAPID_PUBLIC_KEY,
        privateKey: e.VAPID_PRIVATE_KEY,
        subject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
      }),
      allowLoopbackHttp: isTest,
      subscriptionsPerMember: 20,
    },
    pushQueue: isTest ? PUSH_QUEUE_UNDER_TEST : PUSH_QUEUE,
    offlineMail: OFFLINE_MAIL,
    freshListings: FRESH_LISTINGS,
    clock: Date.now,
  };
}
