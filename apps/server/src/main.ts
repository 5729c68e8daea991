import path from 'node:path';
import { type App, buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { UnwritableDirError, assertWritableDir } from './lib/data-dir.js';
import { describeOpenFilesLimit, raiseOpenFilesLimit } from './lib/open-files.js';

/**
 * How long a shutdown may take: requests in flight finish within it, or are cut when it ends.
 * Under `docker stop`'s 10 s, so the process always leaves on its own before a SIGKILL.
 */
const SHUTDOWN_GRACE_MS = 9_000;

/** Start-up problems a person can fix: one line, no stack, exit code 1. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The directories the server writes to must take a write before it says it is ready. */
function checkWritable(config: Config) {
  const dirs = new Set<string>();
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:') {
    dirs.add(path.dirname(config.database.file));
  }
  if (config.uploadsStore === 'disk') dirs.add(path.join(config.dataDir, 'uploads'));
  for (const dir of dirs) assertWritableDir(dir);
}

let app: App | undefined;
let unhandledRejections = 0;
let stopping = false;

/**
 * Stops accepting connections, tells socket.io clients, lets requests in flight (uploads
 * included) finish, closes the database, then exits. Whoever sends the signal — a terminal's
 * Ctrl-C to the whole process group, `docker stop` or Kubernetes to PID 1 only, npm forwarding
 * it once more — the first one starts the shutdown and the others change nothing.
 */
function shutdown(running: App, reason: string, exitCode: number) {
  if (stopping) {
    running.log.info({ reason }, 'already shutting down; waiting for requests in flight');
    return;
  }
  stopping = true;
  running.startDraining();
  running.log.info({ reason }, 'shutting down: finishing requests in flight');
  const deadline = setTimeout(() => {
    running.log.error(`requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: exiting without them`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  running.close().then(
    () => {
      clearTimeout(deadline);
      running.log.info('stopped');
      process.exit(exitCode);
    },
    (error: unknown) => {
      running.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

// A promise nobody handled is a bug to fix, not a reason to drop every member's connection.
process.on('unhandledRejection', (reason) => {
  unhandledRejections += 1;
  const fields = { err: reason, unhandledRejections };
  if (app) app.log.error(fields, 'unhandled rejection; the server stays up');
  else console.error('unhandled rejection; the server stays up', reason);
});

// An exception nobody caught may have left state half-changed: finish what is in flight and leave.
process.on('uncaughtException', (error) => {
  if (!app) fail(`Cannot start: ${error.stack ?? error.message}`);
  app.log.fatal({ err: error }, 'uncaught exception');
  shutdown(app, 'uncaught exception', 1);
});

/** Starts the one process: API, socket.io and the web app on one port. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
    checkWritable(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof UnwritableDirError) fail(error.message);
    throw error;
  }
  const openFiles = describeOpenFilesLimit(raiseOpenFilesLimit());
  const running = await buildApp(config);
  app = running;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutdown(running, signal, 0));
  await running.listen({ port: config.port, host: config.host });
  running.log[openFiles.level](openFiles.message);
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  running.log.info(
    `Gardenswap is ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${where})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
