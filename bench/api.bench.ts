import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ServerFailed, ServerReady } from './api-server.js';

/**
 * `npm run bench`: how fast the marketplace answers its two busiest reads on a large
 * database, next to a bare Fastify hello-world measured in the same run on the same
 * machine (the ratio is what carries over between machines).
 *
 * Environment: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (50),
 * BENCH_DATABASE_URL (postgres://...; SQLite in a temporary folder when unset),
 * BENCH_MEMBERS (5000) and BENCH_LISTINGS (100000).
 */

const env = process.env;
const seconds = Number(env.BENCH_SECONDS ?? 10);
const warmup = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The path of each request, in turn. */
  paths: string[];
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function startServers(): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const child = fork(fileURLToPath(new URL('./api-server.ts', import.meta.url)), {
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: ServerReady | ServerFailed) => {
      if (message.type === 'ready') resolve({ child, ready: message });
      else reject(new Error(`The benchmark server failed to start:\n${message.message}`));
    });
    child.once('exit', (code) => reject(new Error(`The benchmark server exited (code ${code}) before it was ready`)));
  });
}

async function run(target: Target, duration: number) {
  let next = 0;
  return autocannon({
    url: target.url,
    connections,
    duration,
    headers: target.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: target.paths[next++ % target.paths.length]! }),
      },
    ],
  });
}

async function measure(target: Target): Promise<Measured> {
  if (warmup > 0) await run(target, warmup);
  const result = await run(target, seconds);
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One request before the load, so a broken route fails loudly instead of measuring 404s. */
async function check(target: Target, expect: (body: unknown) => string | undefined) {
  const response = await fetch(target.url + target.paths[0], { headers: target.headers });
  const body: unknown = await response.json().catch(() => undefined);
  const problem = response.ok ? expect(body) : `answered ${response.status}: ${JSON.stringify(body)}`;
  if (problem) throw new Error(`${target.name} ${problem}`);
}

const number = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows: Measured[], hello: Measured) {
  const header = ['endpoint', 'req/s', 'p99 ms', 'req/s vs hello', 'p99 vs hello', 'non-2xx', 'errors'];
  const body = rows.map((r) => [
    r.name,
    number(r.requestsPerSecond),
    number(r.p99),
    `${number(r.requestsPerSecond / hello.requestsPerSecond, 3)}×`,
    `${number(r.p99 / Math.max(1, hello.p99), 1)}×`,
    number(r.non2xx),
    number(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => '-'.repeat(w + 1) + (i === 0 ? '-' : ':')).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

async function main() {
  console.log('Seeding and starting the servers...');
  const { child, ready } = await startServers();
  try {
    const api = `http://127.0.0.1:${ready.apiPort}`;
    const headers = { authorization: `Bearer ${ready.token}` };
    const hello: Target = {
      name: 'hello world (bare Fastify)',
      url: `http://127.0.0.1:${ready.helloPort}`,
      paths: ['/'],
    };
    const feed: Target = {
      name: 'GET /api/listings/?public=true',
      url: api,
      headers,
      paths: ['/api/listings/?public=true&limit=50'],
    };
    const detail: Target = {
      name: `GET /api/listings/{id} (${ready.visibleIds.length} ids)`,
      url: api,
      headers,
      paths: ready.visibleIds.map((id) => `/api/listings/${id}`),
    };

    await check(feed, (body) =>
      Array.isArray(body) && body.length === 50
        ? undefined
        : `answered ${JSON.stringify(body).slice(0, 200)} instead of 50 listings`,
    );
    await check(detail, (body) =>
      (body as { id?: number } | undefined)?.id === ready.visibleIds[0]
        ? undefined
        : `answered ${JSON.stringify(body).slice(0, 200)}`,
    );

    const { seeded } = ready;
    console.log(
      `${ready.database}: ${number(seeded.members)} members, ${number(seeded.listings)} listings, ` +
        `${number(seeded.friendships)} friendships, seeded in ${number(seeded.seconds, 1)} s`,
    );
    console.log(`${connections} connections, ${seconds} s per endpoint after a ${warmup} s warm-up\n`);

    const results: Measured[] = [];
    for (const target of [hello, feed, detail]) {
      process.stdout.write(`measuring ${target.name}...\n`);
      results.push(await measure(target));
    }
    console.log(`\n${table(results, results[0]!)}\n`);

    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length) {
      console.error(`Failed: ${failed.map((r) => `${r.name} (${r.non2xx} non-2xx, ${r.errors} errors)`).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
