import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

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
    loginPerIp: Limit;
    loginPerAccount: Limit;
    registerPerIp: Limit;
  };
  corsOrigins: string[];
  contactEmail: string;
  logLevel: string;
  /** argon2 cost; tests use a cheaper one so the suite stays quick. */
  passwordHashing: { memoryCost: number; timeCost: number };
}

/** Thrown when the environment is wrong; the message names the variable. */
export class ConfigError extends Error {}

function jwtSecretFrom(dataDir: string, given?: string): string {
  if (given) return given;
  // Development convenience: one secret generated on first start and kept beside the data,
  // so sessions survive restarts without anyone having to configure anything.
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
      registerPerIp: { max: 10, windowMs: 60 * 60_000 },
    },
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
    passwordHashing: isTest ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 19456, timeCost: 2 },
  };
}
