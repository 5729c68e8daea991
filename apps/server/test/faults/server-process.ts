import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, signal, sparePort } from './services.js';

const serverRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal to the process (default SIGTERM) and waits for it to end. */
  stop(name?: NodeJS.Signals): Promise<void>;
}

/**
 * The real server, as `npm start` runs it but from source (tsx), in its own process: fault tests
 * kill it, cut its database and read its logs. `env` is the server's environment; DATA_DIR
 * defaults to a fresh temp folder, PORT to a spare one.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: {
    dataDir?: string;
    readyTimeoutMs?: number;
    /**
     * Another way to start it (a wrapper such as `npm start`, or `prlimit` in front), from
     * `cwd` (default apps/server); `detached` makes it lead a process group of its own.
     */
    launch?: { command: string; args: string[]; cwd?: string; detached?: boolean };
  } = {},
): Promise<ServerProcess> {
  const port = await sparePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'gardenswap-faults-data-'));
  let output = '';
  const launch = options.launch ?? {
    command: process.execPath,
    args: ['--conditions=development', '--import', 'tsx', 'src/main.ts'],
  };
  const child = spawn(launch.command, launch.args, {
    cwd: launch.cwd ?? serverRoot,
    detached: launch.detached,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMITS: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output}`);
    }
    if (output.includes('Gardenswap is ready')) break;
    if (Date.now() > deadline) {
      signal(child.pid, 'SIGKILL');
      throw new Error(`the server was not ready in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    child,
    dataDir,
    output: () => output,
    exit: () => ended,
    async stop(name = 'SIGTERM') {
      signal(child.pid, name);
      await exited(child);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
