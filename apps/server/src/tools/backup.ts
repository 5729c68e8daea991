import { execFile } from 'node:child_process';
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';
import { isEntryPoint, runCommand } from '../lib/command-line.js';
import { UPLOADS_PREFIX } from '../modules/images/photo-urls.js';

const USAGE = `Usage: npm run backup -- [--out <folder>]
  Copies the database and the uploaded photos, while the server runs, into a new folder
  (default: <DATA_DIR>/backups/<date and time>) laid out as DATA_DIR is: restoring is copying
  the folder's contents into an empty DATA_DIR. On PostgreSQL the database part is pg_dump's.`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The database file's name in a backup, whatever it was called in DATA_DIR. */
export const SQLITE_BACKUP = 'gardenswap.sqlite';
/** pg_dump's custom format, for pg_restore. */
export const POSTGRES_BACKUP = 'gardenswap.pgdump';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');

/** Every photo path the database refers to, on either database. */
const PHOTOS_REFERRED_TO = `select featured_image as photo from listings union select thumbnail from listings
  union select image from listing_photos union select thumbnail from listing_photos
  union select profile_picture from users`;
type PhotoRow = { photo: string | null };
const uploadedPhotos = (rows: PhotoRow[]) =>
  rows.map((r) => r.photo).filter((p): p is string => !!p && p.startsWith(UPLOADS_PREFIX));

/**
 * SQLite's online backup API, in a single step: one read transaction, so the copy is the
 * database as it was at one instant, while the server goes on reading and writing (WAL).
 * Returns the photos the copy refers to.
 */
async function backupSqlite(file: string, out: string): Promise<string[]> {
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(path.join(out, SQLITE_BACKUP), { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(path.join(out, SQLITE_BACKUP));
  try {
    // One self-contained file, without -wal and -shm beside it; the server turns WAL on again.
    copy.pragma('journal_mode = DELETE');
    return uploadedPhotos(copy.prepare(PHOTOS_REFERRED_TO).all() as PhotoRow[]);
  } finally {
    copy.close();
  }
}

/**
 * pg_dump, consistent while the server runs, from the snapshot of a transaction that also reads
 * the photos the database refers to: the list is of the very instant the dump holds.
 */
async function backupPostgres(url: string, schema: string | undefined, out: string): Promise<string[]> {
  const args = ['--format=custom', '--no-owner', `--file=${path.join(out, POSTGRES_BACKUP)}`];
  if (schema) args.push(`--schema=${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    if (schema) await client.query(`set local search_path to ${client.escapeIdentifier(schema)}`);
    const photos = uploadedPhotos((await client.query<PhotoRow>(PHOTOS_REFERRED_TO)).rows);
    // The snapshot lives as long as this transaction: pg_dump reads it before it ends.
    await promisify(execFile)('pg_dump', [...args, `--snapshot=${snapshot}`, url]);
    await client.query('commit');
    return photos;
  } finally {
    await client.end();
  }
}

/** Copies every photo file; the photos the database refers to must all be there. */
function copyPhotos(from: string, to: string, referenced: string[]): { copied: number; missing: string[] } {
  if (!existsSync(from)) return { copied: 0, missing: referenced };
  mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const name of readdirSync(from)) {
    if (!statSync(path.join(from, name)).isFile()) continue;
    copyFileSync(path.join(from, name), path.join(to, name), constants.COPYFILE_FICLONE);
    copied += 1;
  }
  const missing = referenced.filter((p) => !existsSync(path.join(to, p.slice(UPLOADS_PREFIX.length))));
  return { copied, missing };
}

/** One attempt: the database first, then the photos, so none it refers to is newer than the copy. */
async function backupOnce(config: Config, out: string) {
  const done: string[] = [];
  let referenced: string[] = [];
  if (config.database.kind === 'sqlite') {
    referenced = await backupSqlite(config.database.file, out);
    done.push(`${SQLITE_BACKUP}  the database (SQLite online backup)`);
  } else {
    referenced = await backupPostgres(config.database.url, config.database.schema, out);
    done.push(`${POSTGRES_BACKUP}  the database (pg_dump, custom format)`);
  }
  let missing: string[] = [];
  const uploads = path.join(config.dataDir, 'uploads');
  if (config.uploadsStore === 'disk' || existsSync(uploads)) {
    const photos = copyPhotos(uploads, path.join(out, 'uploads'), config.uploadsStore === 'disk' ? referenced : []);
    missing = photos.missing;
    done.push(`uploads/  ${photos.copied} photo files`);
  } else {
    done.push('(photos are in the database: UPLOADS_STORE=database)');
  }
  const secret = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(secret)) {
    copyFileSync(secret, path.join(out, 'jwt-secret'));
    done.push('jwt-secret  keeps members signed in after a restore');
  }
  return { done, missing };
}

/**
 * `npm run backup`: a consistent copy of the database and the photos while the server runs.
 * A photo deleted between the database copy and the photo copy (a listing edited meanwhile)
 * would be missing from the backup: then it is taken again, once.
 */
export async function runBackup(config: Config, argv: string[], io: Io = { out: console.log, err: console.error }) {
  let args;
  try {
    args = parseArgs({ args: argv, options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.out(USAGE);
    return 0;
  }
  const base = path.resolve(args.values.out ?? path.join(config.dataDir, 'backups', stamp()));
  if (existsSync(base) && readdirSync(base).length > 0) {
    io.err(`${base} is not empty: give a new folder with --out.`);
    return 2;
  }
  const out = base;
  for (let attempt = 1; ; attempt++) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    let result;
    try {
      result = await backupOnce(config, out);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      io.err(
        code === 'ENOENT' && config.database.kind === 'postgres'
          ? 'pg_dump was not found: install the PostgreSQL client tools (apt-get install postgresql-client).'
          : `The backup failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 1;
    }
    if (result.missing.length === 0) {
      io.out(`Backed up to ${out}:\n  ${result.done.join('\n  ')}\nKeep a copy off this machine.`);
      return 0;
    }
    if (attempt === 2) {
      io.err(`Photos the database refers to are missing from ${out}: ${result.missing.join(', ')}`);
      return 1;
    }
  }
}

if (isEntryPoint(import.meta.url)) runCommand((config) => runBackup(config, process.argv.slice(2)));
