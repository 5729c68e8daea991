import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_CHECKPOINT_PAGES, checkpointInBackground } from './checkpointer.js';

describe('checkpointInBackground', () => {
  let dir: string;
  let file: string;
  let sqlite: SQLite.Database;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-checkpoint-'));
    file = path.join(dir, 'db.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec('create table notes (body blob not null)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const autocheckpoint = () => sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  const exited = (worker: { once(event: 'exit', listener: () => void): unknown }) =>
    new Promise<void>((resolve) => worker.once('exit', resolve));

  it('leaves commits on the app’s connection to the log and copies the log into the file in the background', async () => {
    const worker = checkpointInBackground(sqlite, file, 20);
    expect(autocheckpoint()).toBe(FALLBACK_CHECKPOINT_PAGES);
    const before = statSync(file).size;
    const insert = sqlite.prepare('insert into notes (body) values (?)');
    // About 500 pages: far below the fallback, so only the worker can have copied them.
    for (let i = 0; i < 500; i++) insert.run(Buffer.alloc(4000, i));
    const deadline = Date.now() + 5000;
    while (statSync(file).size < before + 400 * 4096 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statSync(file).size).toBeGreaterThan(before + 400 * 4096);
    expect(sqlite.prepare('select count(*) as n from notes').get()).toEqual({ n: 500 });
    const stopped = exited(worker);
    sqlite.close();
    await stopped;
  });

  it('checkpoints on commit again, as SQLite does by default, once the worker is gone', async () => {
    const worker = checkpointInBackground(sqlite, file, 20);
    await worker.terminate();
    expect(autocheckpoint()).toBe(1000);
  });
});
