import { createHash } from 'node:crypto';
import { TEXTS } from '@gardenswap/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { me } from '../../plugins/auth.js';
import { type KeyedRequest, claimKey, purgeKeys, recordResult, releaseKey } from './idempotency.queries.js';

/** How long a key answers its first result, and how long a request may run before a retry takes its key over. */
export const IDEMPOTENCY = {
  keepMs: 24 * 60 * 60_000,
  /** Longer than the longest request may take (SERVER_TIMEOUTS.requestMs). */
  leaseMs: 3 * 60_000,
  sweepMs: 60 * 60_000,
};

/** One request's use of its key; without a key every step does nothing. */
export interface Once {
  /** What the first request with this key did: answer it again instead of acting. */
  replay?: { status: number; listingId: number | null };
  /** Records the result in the transaction that does the work. */
  record(trx: Executor, status: number, listingId: number): Promise<void>;
  /** The work failed and changed nothing: a retry may run it. */
  release(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: {
      /** Claims the request's Idempotency-Key, if it has one, for a request whose input is `input`. */
      start(request: FastifyRequest, input: unknown, file?: Buffer): Promise<Once>;
      /** Marks an answer as the replay of an earlier one. */
      replayed(reply: FastifyReply): FastifyReply;
    };
  }
}

/** Frees the request's key, then fails with `error`: for a request that did nothing. */
export const failed =
  (once: Once) =>
  async (error: unknown): Promise<never> => {
    await once.release();
    throw error;
  };

const NO_KEY: Once = { record: async () => {}, release: async () => {} };

/** The header's value: a Structured Field string (`"…"`) or the bare characters; undefined when absent. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  const key = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new AppError('BAD_REQUEST', TEXTS.idempotencyKeyInvalid);
  return key;
}

/** JSON with its keys sorted at every level, so the same input always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotency-Key (the IETF httpapi draft) for the requests that create: the same key with the same
 * request answers the first result again (for a day), the same key with another request is 422,
 * and while the first is under way a retry is 409. The input is fingerprinted as parsed (fields
 * and the photo's bytes), so a retried multipart form with a new boundary is the same request.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const clock = app.config.clock;
    periodicSweep(app, {
      what: 'expired idempotency keys',
      everyMs: IDEMPOTENCY.sweepMs,
      run: () => purgeKeys(app.db, new Date(clock() - IDEMPOTENCY.keepMs).toISOString()),
      more: () => false,
    });

    app.decorate('idempotency', {
      async start(request, input, file) {
        const key = keyOf(request);
        if (key === undefined) return NO_KEY;
        const hash = createHash('sha256').update(canonical(input));
        if (file) hash.update(createHash('sha256').update(file).digest());
        const keyed: KeyedRequest = {
          userId: me(request).id,
          key,
          request: `${request.method} ${request.routeOptions.url} ${canonical(request.params)}`,
          fingerprint: hash.digest('base64url'),
        };
        const claim = await claimKey(app.db, keyed, clock(), IDEMPOTENCY);
        if (claim.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED', TEXTS.idempotencyKeyReused);
        if (claim.kind === 'running')
          throw new AppError('IDEMPOTENCY_KEY_IN_USE', TEXTS.idempotencyKeyInUse, 409, undefined, {
            'retry-after': '1',
          });
        if (claim.kind === 'done') return { ...NO_KEY, replay: { status: claim.status, listingId: claim.listingId } };
        return {
          record: (trx, status, listingId) => recordResult(trx, keyed, status, listingId),
          release: () => releaseKey(app.db, keyed),
        };
      },
      replayed: (reply) => reply.header('idempotent-replayed', 'true'),
    });
  },
  { name: 'idempotency' },
);
