import type { Executor } from '../../db/schema.js';

/** What a request sent with a key may do: run, answer what the first one did, or be refused. */
export type Claim =
  | { kind: 'run' }
  | { kind: 'done'; status: number; listingId: number | null }
  | { kind: 'running' }
  | { kind: 'mismatch' };

export interface KeyedRequest {
  userId: number;
  key: string;
  /** The route and its parameters. */
  request: string;
  fingerprint: string;
}

const ms = (value: string | Date) => new Date(value).getTime();

/**
 * Claims a key for a request. The first request with it runs; a retry of the same request gets
 * the first one's result, or waits (`running`) while it is under way; another request with the
 * same key is a mismatch. A claim whose request stopped mid-way (its process died) for longer than
 * `leaseMs`, or a key older than `keepMs`, is taken over by the next request.
 */
export async function claimKey(
  db: Executor,
  keyed: KeyedRequest,
  now: number,
  { leaseMs, keepMs }: { leaseMs: number; keepMs: number },
): Promise<Claim> {
  const at = new Date(now).toISOString();
  const fresh = { request: keyed.request, fingerprint: keyed.fingerprint, status: null, listing_id: null };
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: keyed.userId, key: keyed.key, ...fresh, started_at: at, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted) return { kind: 'run' };

  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request', 'fingerprint', 'status', 'listing_id', 'started_at', 'created_at'])
    .where('user_id', '=', keyed.userId)
    .where('key', '=', keyed.key)
    .executeTakeFirst();
  // Released or purged in between: the key is free again.
  if (!row) return claimKey(db, keyed, now, { leaseMs, keepMs });
  const expired = ms(row.created_at) < now - keepMs;
  if (!expired && (row.request !== keyed.request || row.fingerprint !== keyed.fingerprint)) return { kind: 'mismatch' };
  if (!expired && row.status !== null) return { kind: 'done', status: row.status, listingId: row.listing_id };
  if (!expired && ms(row.started_at) >= now - leaseMs) return { kind: 'running' };
  // Taken over only if nobody else took it meanwhile.
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ ...fresh, started_at: at, ...(expired ? { created_at: at } : {}) })
    .where('user_id', '=', keyed.userId)
    .where('key', '=', keyed.key)
    .where('started_at', '=', row.started_at)
    .returning('user_id')
    .executeTakeFirst();
  return taken ? { kind: 'run' } : { kind: 'running' };
}

/** The request's result, written in the transaction that did its work, so no crash separates the two. */
export async function recordResult(db: Executor, keyed: KeyedRequest, status: number, listingId: number) {
  await db
    .updateTable('idempotency_keys')
    .set({ status, listing_id: listingId })
    .where('user_id', '=', keyed.userId)
    .where('key', '=', keyed.key)
    .execute();
}

/** The request failed without doing anything: its key is free for the retry. */
export async function releaseKey(db: Executor, keyed: KeyedRequest) {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', keyed.userId)
    .where('key', '=', keyed.key)
    .where('status', 'is', null)
    .execute();
}

/** Forgets the keys made before `before`; how many. */
export async function purgeKeys(db: Executor, before: string) {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
