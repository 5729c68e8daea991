import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the background connection copies the write-ahead log back into the database file. */
export const CHECKPOINT_EVERY_MS = 100;
/**
 * The log length, in pages, at which a commit on the app's own connection checkpoints after all:
 * only when the background one has stopped or fallen far behind, so the log stays bounded.
 */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;
/** SQLite's own default, restored when the background connection is gone. */
const DEFAULT_CHECKPOINT_PAGES = 1000;

/** The worker: a connection of its own to the same file, checkpointing without blocking writers. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Moves WAL checkpoints off the event loop. better-sqlite3 is synchronous, and SQLite checkpoints
 * inside the commit that fills the log past wal_autocheckpoint: every few hundred chat messages,
 * one send (and every request queued behind it) waited milliseconds for pages to be copied and
 * synced. A worker thread with a connection of its own checkpoints instead (PASSIVE: it never
 * blocks a reader or a writer). Should the worker fail, the app's connection checkpoints on
 * commit again as SQLite does by default. Closing the connection stops the worker.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string, everyMs = CHECKPOINT_EVERY_MS) {
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file, everyMs },
  });
  // Never what keeps a process alive.
  worker.unref();
  let stopping = false;
  const fallBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) fallBack();
  });

  const close = sqlite.close.bind(sqlite);
  sqlite.close = () => {
    stopping = true;
    worker.postMessage('stop');
    return close();
  };
  return worker;
}
