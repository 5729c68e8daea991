import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ServerFailed, ServerReady } from './api-server.js';
import type { BareReady, Captured } from './bare-servers.js';
import { measureChat } from './chat.js';
import { type CpuShare, cpuShareOf } from './cpu-share.js';
import { LISTS } from './lists.js';
import { CHATTERS, DENSE_VIEWER, SHAPES, SPARSE_VIEWER, STATISTICS, type Shape, type Statistics } from './seed.js';

/**
 * `npm run bench`: every read route of the marketplace and chat delivery, over HTTP and real
 * socket.io clients, at several sizes on SQLite and PostgreSQL, each beside a bare server in its
 * own process sending the very same bytes (or relaying the same messages). One table at the end.
 *
 * Environment: BENCH_SQLITE_SIZES (10000,100000,1000000), BENCH_POSTGRES_SIZES (the same;
 * only with BENCH_DATABASE_URL=postgres://...), an empty list skipping that database;
 * BENCH_SHAPES (town; `all` for every town of seed.ts) and BENCH_STATISTICS (full; `all` for full
 * and none), each size measured in each town with each; BENCH_SECONDS (4), BENCH_WARMUP_SECONDS (1),
 * BENCH_CONNECTIONS (50), BENCH_ALONE_SECONDS (2: one connection alone, for one member's own
 * wait), BENCH_ROUTES (all; a comma-separated list of route names).
 */

const env = process.env;
const seconds = Number(env.BENCH_SECONDS ?? 4);
const warmup = Number(env.BENCH_WARMUP_SECONDS ?? 1);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const aloneSeconds = Number(env.BENCH_ALONE_SECONDS ?? 2);
const sizes = (value: string) => value.split(',').filter(Boolean).map(Number);
const chosen = <T extends string>(value: string | undefined, all: readonly T[], fallback: T): T[] =>
  value === 'all' ? [...all] : ((value?.split(',').filter(Boolean) as T[] | undefined) ?? [fallback]);
const shapes = chosen<Shape>(env.BENCH_SHAPES, SHAPES, 'town');
const statistics = chosen<Statistics>(env.BENCH_STATISTICS, STATISTICS, 'full');
const databases: { database: 'SQLite' | 'PostgreSQL'; target?: string; listings: number[] }[] = [
  { database: 'SQLite', listings: sizes(env.BENCH_SQLITE_SIZES ?? '10000,100000,1000000') },
  ...(env.BENCH_DATABASE_URL
    ? [
        {
          database: 'PostgreSQL' as const,
          target: env.BENCH_DATABASE_URL,
          listings: sizes(env.BENCH_POSTGRES_SIZES ?? '10000,100000,1000000'),
        },
      ]
    : []),
];
/** Each database, town and statistics from the smallest size up, so a town's figures are read together. */
const RUNS = databases.flatMap(({ database, target, listings }) =>
  shapes.flatMap((shape) =>
    statistics.flatMap((stats) =>
      listings.map((size) => ({ database, target, listings: size, shape, statistics: stats })),
    ),
  ),
);
const townOf = (run: { shape: Shape; statistics: Statistics }) => `${run.shape}, ${run.statistics}`;

const ONLY = env.BENCH_ROUTES?.split(',');

interface Route {
  name: string;
  token: string;
  /** The path of each request, in turn. */
  paths: string[];
  rows?: number;
  /** Mean body size of the captured responses. */
  bytes?: number;
}

interface Row {
  database: string;
  /** The town and its statistics (`townOf`). */
  town: string;
  listings: number;
  route: string;
  rows: string;
  bytes: number;
  p50: number;
  p99: number;
  /** One connection alone: one member's own wait. */
  aloneP50?: number;
  aloneP99?: number;
  perSecond: number;
  basePerSecond: number;
  baseP99: number;
  errors: number;
  cpu?: CpuShare;
}

/** What one route, or chat, gave under load. */
type Measured = Omit<Awaited<ReturnType<typeof measure>>, 'cpu'> & { cpu?: CpuShare };

/** The server under test, run in a child process. */
const SERVER = './api-server.ts';

/**
 * Node's flags for a child: the server under test writes its CPU profile when asked (`BENCH_CPU_PROF`),
 * and takes any others given (`BENCH_NODE_FLAGS`, say `--trace-gc`).
 */
const flagsFor = (file: string) =>
  file !== SERVER
    ? []
    : [
        ...(env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : []),
        ...(env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ];

function child<T>(
  file: string,
  args: string[],
  ready: (message: T) => boolean,
  childEnv: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const process_ = fork(fileURLToPath(new URL(file, import.meta.url)), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...flagsFor(file)],
    env: { ...process.env, ...childEnv },
  });
  return new Promise((resolve, reject) => {
    process_.on('message', (message: T | ServerFailed) => {
      if ((message as ServerFailed).type === 'failed') reject(new Error((message as ServerFailed).message));
      else if (ready(message as T)) resolve(process_);
    });
    process_.once('exit', (code) => reject(new Error(`${file} exited (code ${code}) before it was ready`)));
  });
}

const stop = async (process_: ChildProcess) => {
  const exited = new Promise((resolve) => process_.once('exit', resolve));
  process_.send({ type: 'stop' });
  await exited;
};

async function load(url: string, route: Route, duration: number, conns = connections) {
  let next = 0;
  return autocannon({
    url,
    connections: conns,
    duration,
    headers: { authorization: `Bearer ${route.token}` },
    requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: route.paths[next++ % route.paths.length]! }) }],
  });
}

/** A route under load; with `serverPid`, also where the machine's CPU went meanwhile. */
async function measure(url: string, route: Route, serverPid?: number) {
  if (warmup > 0) await load(url, route, warmup);
  let result!: autocannon.Result;
  const cpu = await cpuShareOf(serverPid, async () => {
    result = await load(url, route, seconds);
    return result.requests.total;
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
    cpu,
  };
}

/** A route asked by one connection alone, one request after another: one member's own wait. */
async function measureAlone(url: string, route: Route) {
  const result = await load(url, route, aloneSeconds, 1);
  return { p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

/** How many times a path is asked at most before its answer settles (see `capture`). */
const SETTLING_ASKS = 12;

/**
 * One request per path, failing loudly on anything but 200; what each sent, byte for byte. Each
 * path is asked until two answers in a row are the same, and the last kept: the first reads fill
 * what the server remembers (a `nearest` first page's first ring width, which its next-page
 * cursor carries, is fitted again on each read until it fits the town: 3 to 6 reads).
 */
async function capture(api: string, route: Route): Promise<Captured[]> {
  let bytes = 0;
  const captured = await Promise.all(
    route.paths.map(async (path) => {
      const ask = async () => {
        const answer = await fetch(api + path, { headers: { authorization: `Bearer ${route.token}` } });
        return { response: answer, body: Buffer.from(await answer.arrayBuffer()) };
      };
      let { response, body } = await ask();
      for (let asked = 1; ; asked++) {
        const again = await ask();
        const settled = again.body.equals(body) && again.response.headers.get('link') === response.headers.get('link');
        ({ response, body } = again);
        if (settled) break;
        if (asked >= SETTLING_ASKS) throw new Error(`${route.name} ${path}: the answer changes on every read`);
      }
      if (response.status !== 200) throw new Error(`${route.name} ${path} answered ${response.status}: ${body}`);
      bytes += body.length;
      if (path === route.paths[0]) {
        const parsed: unknown = JSON.parse(body.toString());
        if (Array.isArray(parsed)) route.rows = parsed.length;
      }
      return {
        path,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: body.toString('base64'),
      };
    }),
  );
  route.bytes = Math.round(bytes / route.paths.length);
  return captured;
}

/** Each baseline answers its route's first path with the route's status, headers and body. */
async function sameBytes(api: string, same: string, routes: Route[]) {
  const get = async (url: string, route: Route) => {
    const response = await fetch(url + route.paths[0], { headers: { authorization: `Bearer ${route.token}` } });
    const headers = [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive');
    return JSON.stringify([response.status, headers.sort(), await response.text()]);
  };
  for (const route of routes) {
    if ((await get(api, route)) !== (await get(same, route))) throw new Error(`${route.name}: the baseline differs`);
  }
}

/** The path of page 20 of a list, following its Link headers; undefined when it has fewer pages. */
async function page20(api: string, token: string, first: string) {
  let path: string | undefined = first;
  for (let page = 1; page < 20 && path; page++) {
    const response: Response = await fetch(api + path, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    path = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return path;
}

async function routesOf(api: string, ready: ServerReady): Promise<Route[]> {
  const routes: Route[] = [
    { name: `detail (${ready.visibleIds.length} ids)`, token: ready.tokens[DENSE_VIEWER]!, paths: [] },
  ];
  routes[0]!.paths = ready.visibleIds.map((id) => `/api/listings/${id}`);
  for (const [name, viewer, query] of LISTS) {
    const token = ready.tokens[viewer]!;
    const first = `/api/listings/?${query}`;
    routes.push({ name, token, paths: [first] });
    const twenty = await page20(api, token, first);
    if (twenty) routes.push({ name: `${name} p20`, token, paths: [twenty] });
  }
  // The map: the list within a box, a town's whole and a few of its streets, searched, and a sparse area.
  const dense = ready.tokens[DENSE_VIEWER]!;
  routes.push(
    { name: 'map town', token: dense, paths: ['/api/listings/map?public=true&box=-112.05,40.55,-111.65,40.95'] },
    { name: 'map streets', token: dense, paths: ['/api/listings/map?box=-111.92,40.7,-111.9,40.72'] },
    { name: 'map q', token: dense, paths: ['/api/listings/map?q=tomato&box=-112.05,40.55,-111.65,40.95'] },
    { name: 'map sparse', token: ready.tokens[SPARSE_VIEWER]!, paths: ['/api/listings/map?box=-110,46.5,-107,48.5'] },
  );
  // "In season near you": the centres within the distance summed, and the viewer's own differences.
  routes.push(
    { name: 'in season', token: ready.tokens[DENSE_VIEWER]!, paths: ['/api/listings/in-season'] },
    {
      name: 'in season sparse',
      token: ready.tokens[SPARSE_VIEWER]!,
      paths: ['/api/listings/in-season?within_miles=50'],
    },
  );
  return routes.filter((r) => !ONLY || ONLY.includes(r.name.replace(/ \(.*\)$/, '')));
}

async function benchOne(run: (typeof RUNS)[number], table: Row[], notes: string[]) {
  const town = townOf(run);
  console.log(
    `\n${run.database}, ${run.listings.toLocaleString('en-US')} listings (${town} statistics): seeding and starting...`,
  );
  let ready: ServerReady | undefined;
  const server = await child<ServerReady>(
    SERVER,
    [String(run.listings), ...(run.target ? [run.target] : [])],
    (m) => ((ready = m), m.type === 'ready'),
    { BENCH_SHAPE: run.shape, BENCH_STATISTICS: run.statistics },
  );
  let bare: ChildProcess | undefined;
  try {
    const api = `http://127.0.0.1:${ready!.port}`;
    const seeded = ready!.seedSeconds;
    notes.push(
      `${run.database} ${run.listings} (${town}): ${seeded ? `seeded in ${seeded.toFixed(1)} s` : 'reused the seeded file'}; ` +
        `in season rebuilt in ${ready!.inSeason.seconds.toFixed(2)} s (${ready!.inSeason.rows.toLocaleString('en-US')} rows)`,
    );
    const routes = await routesOf(api, ready!);
    // Twice: one route's reads may change what another's answer carries (a search by nearness
    // starts from the first ring width that plain `nearest` fitted), so all settle first.
    await Promise.all(routes.map((r) => capture(api, r)));
    const captured = (await Promise.all(routes.map((r) => capture(api, r)))).flat();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gardenswap-bytes-')), 'captured.json');
    writeFileSync(file, JSON.stringify(captured));
    let port = 0;
    bare = await child<BareReady>('./bare-servers.ts', [file], (m) => ((port = m.port), m.type === 'listening'));
    rmSync(path.dirname(file), { recursive: true });
    const same = `http://127.0.0.1:${port}`;
    await sameBytes(api, same, routes);
    const row = (route: string, rows: string, bytes: number, m: Measured, base: Measured) =>
      table.push({
        database: run.database,
        town,
        listings: run.listings,
        route,
        rows,
        bytes,
        ...m,
        basePerSecond: base.perSecond,
        baseP99: base.p99,
        errors: m.errors + base.errors,
      });
    for (const route of routes) {
      process.stdout.write(`  ${route.name}... `);
      const m = await measure(api, route, server.pid);
      const base = await measure(same, route);
      const alone = await measureAlone(api, route);
      row(route.name, String(route.rows ?? 1), route.bytes ?? NaN, m, base);
      Object.assign(table.at(-1)!, {
        aloneP50: alone.p50,
        aloneP99: alone.p99,
        errors: table.at(-1)!.errors + alone.errors,
      });
      console.log(
        `p50 ${m.p50} ms, p99 ${m.p99} ms, ${Math.round(m.perSecond)} req/s (same bytes ${Math.round(base.perSecond)}); ` +
          `alone p50 ${alone.p50} ms, p99 ${alone.p99} ms`,
      );
    }
    if (!ONLY || ONLY.includes('chat')) {
      process.stdout.write('  chat... ');
      const m = await measureChat(api, CHATTERS, (id) => ready!.tokens[id]!, warmup, seconds);
      const base = await measureChat(same, CHATTERS, String, warmup, seconds);
      row(`chat send→new_message (${CHATTERS.length / 2} pairs)`, '', NaN, m, base);
      console.log(`p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms (relay p99 ${base.p99.toFixed(1)} ms)`);
    }
  } finally {
    if (bare) await stop(bare);
    await stop(server);
  }
}

const fixed = (n: number, digits = 0) =>
  Number.isNaN(n) ? '–' : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function print(rows: Row[]) {
  const header = ['database', 'town', 'listings', 'route', 'rows', 'bytes', 'p50 ms', 'p99 ms', 'req/s'];
  header.push('alone p50', 'alone p99', 'same-bytes req/s', 'ratio', 'same-bytes p99', 'errors');
  const body = rows.map((r) => [
    r.database,
    r.town,
    fixed(r.listings),
    r.route,
    r.rows,
    fixed(r.bytes),
    fixed(r.p50, r.route.startsWith('chat') ? 1 : 0),
    fixed(r.p99, r.route.startsWith('chat') ? 1 : 0),
    fixed(r.perSecond),
    fixed(r.aloneP50 ?? NaN),
    fixed(r.aloneP99 ?? NaN),
    fixed(r.basePerSecond),
    `${fixed(r.perSecond / r.basePerSecond, 2)}×`,
    fixed(r.baseP99, r.route.startsWith('chat') ? 1 : 0),
    fixed(r.errors),
  ]);
  return markdownTable(header, body);
}

/** Where the CPU went under each route's load (`CpuShare`); nothing where /proc could not tell. */
function printCpu(rows: Row[]) {
  const measured = rows.filter((r) => r.cpu);
  if (measured.length === 0) return '';
  const header = [
    'database',
    'town',
    'listings',
    'route',
    'req/s',
    'server ms',
    'database ms',
    'load ms',
    'machine busy',
  ];
  const body = measured.map((r) => [
    r.database,
    r.town,
    fixed(r.listings),
    r.route,
    fixed(r.perSecond),
    fixed(r.cpu!.server, 2),
    r.database === 'SQLite' ? '–' : fixed(r.cpu!.database, 2),
    fixed(r.cpu!.load, 2),
    `${fixed(r.cpu!.busy * 100)}%`,
  ]);
  return `CPU per answer under each route's load (server, PostgreSQL backends, load generator; ms):\n\n${markdownTable(header, body)}`;
}

function markdownTable(header: string[], body: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const left = (i: number) => i < 4;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => '-'.repeat(w + 1) + (left(i) ? '-' : ':')).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The goals, read off the table: for each database and town, at its largest size against its smallest. */
function goals(rows: Row[]) {
  const lines: string[] = [];
  const say = (ok: boolean, text: string) => lines.push(`${ok ? 'met    ' : 'NOT met'}  ${text}`);
  const groups = new Map<string, Row[]>();
  for (const r of rows)
    groups.set(`${r.database} (${r.town})`, [...(groups.get(`${r.database} (${r.town})`) ?? []), r]);
  for (const [group, of] of groups) {
    const largest = Math.max(...of.map((r) => r.listings));
    const smallest = Math.min(...of.map((r) => r.listings));
    const at = (listings: number) => of.filter((r) => r.listings === listings);
    const lists = at(largest).filter((r) => !r.route.startsWith('detail') && !r.route.startsWith('chat'));
    const alone = lists.filter((r) => r.aloneP99 !== undefined);
    const worstAlone = alone.reduce((a, b) => (b.aloneP99! > a.aloneP99! ? b : a), alone[0]!);
    if (worstAlone)
      say(
        worstAlone.aloneP99! <= 10,
        `${group} ${fixed(largest)}: every list route p99 ≤ 10 ms at one connection (worst ${worstAlone.route}, ${worstAlone.aloneP99} ms)`,
      );
    if (largest > smallest) {
      const growth = lists.map((r) => {
        const base = at(smallest).find((s) => s.route === r.route);
        return { route: r.route, ratio: base ? r.p50 / Math.max(1, base.p50) : NaN };
      });
      const most = growth.reduce((a, b) => (b.ratio > a.ratio ? b : a), growth[0]!);
      if (most)
        say(
          most.ratio <= 1.5,
          `${group}: p50 at ${fixed(largest)} ≤ 1.5× p50 at ${fixed(smallest)} (worst ${most.route}, ${fixed(most.ratio, 2)}×)`,
        );
    }
    const failed = of.reduce((n, r) => n + r.errors, 0);
    say(failed === 0, `${group}: nothing lost or left unanswered (${fixed(failed)} errors and timeouts)`);
    for (const r of at(largest)) {
      const ratio = r.perSecond / r.basePerSecond;
      if (r.route === 'public')
        say(ratio >= 0.3, `${group} ${fixed(largest)}: public feed ≥ 0.3× same bytes (${fixed(ratio, 2)}×)`);
      if (r.route.startsWith('detail'))
        say(ratio >= 0.4, `${group} ${fixed(largest)}: listing detail ≥ 0.4× same bytes (${fixed(ratio, 2)}×)`);
      if (r.route.startsWith('chat'))
        say(
          r.p99 <= 2 * r.baseP99,
          `${group} ${fixed(largest)}: chat p99 ≤ 2× the relay's (${fixed(r.p99 / r.baseP99, 2)}×)`,
        );
    }
  }
  return lines.join('\n');
}

async function main() {
  const rows: Row[] = [];
  const notes: string[] = [];
  const loads: number[] = [];
  const sample = setInterval(() => loads.push(loadavg()[0]!), 5000);
  console.log(`${connections} connections, ${seconds} s per route after a ${warmup} s warm-up`);
  try {
    for (const run of RUNS) {
      try {
        await benchOne(run, rows, notes);
      } catch (error) {
        notes.push(
          `${run.database} ${run.listings} (${townOf(run)}): failed: ${error instanceof Error ? error.message : error}`,
        );
        process.exitCode = 1;
      }
    }
  } finally {
    clearInterval(sample);
  }
  console.log(`\n${print(rows)}\n\n${printCpu(rows)}\n\n${notes.join('\n')}`);
  if (loads.length) {
    const avg = loads.reduce((a, b) => a + b, 0) / loads.length;
    console.log(`load average (1 min) during the run: mean ${fixed(avg, 2)}, max ${fixed(Math.max(...loads), 2)}`);
  }
  console.log(`\n${goals(rows)}`);
  if (rows.some((r) => r.errors > 0)) {
    console.error('Some routes answered errors (see the errors column).');
    process.exitCode = 1;
  }
}

await main();
