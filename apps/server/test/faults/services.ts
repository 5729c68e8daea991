import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * Throwaway PostgreSQL and Redis servers for fault tests: their own processes on spare ports,
 * stopped, frozen or killed by pid. The machine's shared services are never touched.
 */

/** A free TCP port on 127.0.0.1. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port, or rejects after `ms`. */
export async function waitForPort(port: number, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a signal to a pid, ignoring one that has already gone. */
export function signal(pid: number | undefined, name: NodeJS.Signals) {
  if (!pid) return;
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return path.join(root, version, 'bin', name);
}

/** True where the PostgreSQL server binaries are installed (the fault tests need them). */
export const hasPostgresBinaries = () => {
  try {
    return existsSync(postgresBin('postgres'));
  } catch {
    return false;
  }
};

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** The postmaster's pid while it runs. */
  pid(): number | undefined;
  /** Starts it (again) on the same port and data. */
  start(): Promise<void>;
  /** A clean, fast shutdown: every connection is cut at once. */
  stop(): Promise<void>;
  /** kill -9 the postmaster and its backends, as a crashed host would. */
  crash(): Promise<void>;
  /** SIGSTOP / SIGCONT every process of the cluster: a hung database. */
  freeze(): void;
  thaw(): void;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

/** A PostgreSQL cluster of its own under a temp folder, as the `postgres` user when run as root. */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-faults-pg-'));
  const asRoot = userInfo().uid === 0;
  const pgUser = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
  const pgGroup = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined;
  if (asRoot) {
    chownSync(dir, pgUser!, pgGroup!);
    chmodSync(dir, 0o700);
  }
  const data = path.join(dir, 'data');
  const port = await sparePort();
  const spawnOptions = asRoot ? { uid: pgUser, gid: pgGroup } : {};
  execFileSync(postgresBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], {
    ...spawnOptions,
    stdio: 'ignore',
  });
  let child: ChildProcess | undefined;

  const backends = (): number[] => {
    const master = child?.pid;
    if (!master) return [];
    try {
      return execFileSync('pgrep', ['-P', String(master)])
        .toString()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };

  const handle: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    pid: () => child?.pid,
    async start() {
      child = spawn(
        postgresBin('postgres'),
        ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
        { ...spawnOptions, stdio: 'ignore' },
      );
      await waitForPort(port);
      // Accepting connections on the port comes a moment before accepting queries.
      for (let i = 0; i < 100; i++) {
        try {
          execFileSync(postgresBin('pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']);
          return;
        } catch {
          await sleep(50);
        }
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      signal(running.pid, 'SIGINT'); // fast shutdown
      await exited(running);
      child = undefined;
    },
    async crash() {
      const running = child;
      if (!running) return;
      const pids = backends();
      signal(running.pid, 'SIGKILL');
      for (const pid of pids) signal(pid, 'SIGKILL');
      await exited(running);
      child = undefined;
      // A crashed postmaster leaves its pid file; the next start recovers from the WAL.
      rmSync(path.join(data, 'postmaster.pid'), { force: true });
    },
    freeze() {
      for (const pid of [child?.pid, ...backends()]) signal(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of [child?.pid, ...backends()]) signal(pid, 'SIGCONT');
    },
    async destroy() {
      handle.thaw();
      await handle.crash();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await handle.start();
  return handle;
}

export interface ThrowawayRedis {
  url: string;
  port: number;
  pid(): number | undefined;
  start(): Promise<void>;
  /** kill -9: the server is gone, every connection cut. */
  crash(): Promise<void>;
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

/** A Redis server of its own on a spare port, keeping nothing on disk. */
export async function startRedis(): Promise<ThrowawayRedis> {
  const port = await sparePort();
  let child: ChildProcess | undefined;
  const handle: ThrowawayRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await waitForPort(port);
    },
    async crash() {
      const running = child;
      if (!running) return;
      signal(running.pid, 'SIGKILL');
      await exited(running);
      child = undefined;
    },
    freeze: () => signal(child?.pid, 'SIGSTOP'),
    thaw: () => signal(child?.pid, 'SIGCONT'),
    async destroy() {
      handle.thaw();
      await handle.crash();
    },
  };
  await handle.start();
  return handle;
}
