import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';

/** Where image bytes live: a folder on disk, or the database when instances share nothing else. */
export interface ImageStore {
  /** Stores bytes under a new random name (128 bits) and returns the name. */
  put(data: Buffer, contentType: string): Promise<string>;
  get(name: string): Promise<{ body: Buffer | Readable; contentType: string; size: number } | undefined>;
  delete(name: string): Promise<void>;
}

/** Stored names: 32 hex characters and an extension; anything else is never looked up. */
export const IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.(webp)$/;

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };
const extensionOf = (contentType: string) => contentType.split('/')[1] ?? 'bin';
const newName = (contentType: string) => `${randomBytes(16).toString('hex')}.${extensionOf(contentType)}`;

function diskStore(dir: string): ImageStore {
  let ready: Promise<unknown> | undefined;
  return {
    async put(data, contentType) {
      const name = newName(contentType);
      const file = path.join(dir, name);
      try {
        ready ??= mkdir(dir, { recursive: true });
        await ready;
        await writeFile(file, data, { flag: 'wx' });
      } catch (error) {
        // A full disk leaves the part that fitted: drop it, and let the error say why (507/503).
        // The folder is made again next time, in case that is what failed.
        await rm(file, { force: true }).catch(() => undefined);
        ready = undefined;
        throw error;
      }
      return name;
    },
    async get(name) {
      if (!IMAGE_NAME_PATTERN.test(name)) return undefined;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const contentType = CONTENT_TYPES[name.split('.').pop()!] ?? 'application/octet-stream';
      return { body: createReadStream(file), contentType, size: info.size };
    },
    async delete(name) {
      if (IMAGE_NAME_PATTERN.test(name)) await rm(path.join(dir, name), { force: true });
    },
  };
}

function databaseStore(db: DB): ImageStore {
  return {
    async put(data, contentType) {
      const name = newName(contentType);
      await db.insertInto('images').values({ name, content_type: contentType, data }).execute();
      return name;
    },
    async get(name) {
      if (!IMAGE_NAME_PATTERN.test(name)) return undefined;
      const row = await db
        .selectFrom('images')
        .select(['data', 'content_type'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { body: row.data, contentType: row.content_type, size: row.data.length };
    },
    async delete(name) {
      await db.deleteFrom('images').where('name', '=', name).execute();
    },
  };
}

/** The store UPLOADS_STORE asks for. */
export function createImageStore(config: Config, db: DB): ImageStore {
  return config.uploadsStore === 'database' ? databaseStore(db) : diskStore(path.join(config.dataDir, 'uploads'));
}
