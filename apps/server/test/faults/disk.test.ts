import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXTS } from '@gardenswap/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Answer, type Member, call, photo, register, slowUpload } from './gardeners.js';
import { type ServerProcess, startServer } from './server-process.js';

// The real server process on a data directory that is read-only, or full. A tmpfs of a few
// megabytes mounted for the drill is the disk (this needs root, as CI has; without it the
// start-up drill falls back to a directory without write permission and the others are skipped).
// Start-up must fail with one line naming the directory; a write that cannot be kept must answer
// 507 (full) or 503 (read-only) with a clear text, never 500, and work again once there is room.

const serverRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');
const asRoot = userInfo().uid === 0;
const mounts: string[] = [];
const dirs: string[] = [];

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-faults-disk-'));
  dirs.push(dir);
  return dir;
};

/** Mounts a tmpfs of `size` on a new directory; undefined where mounting is not allowed. */
function tmpfs(size: string, readOnly = false): string | undefined {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${readOnly ? ',ro' : ''}`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    return undefined;
  }
  mounts.push(dir);
  return dir;
}

const remount = (dir: string, mode: 'ro' | 'rw') =>
  execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'ignore' });

const canMount =
  asRoot &&
  (() => {
    const probe = tmpfs('1m');
    return probe !== undefined;
  })();

afterAll(() => {
  for (const dir of mounts) spawnSync('umount', ['-l', dir]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Fills the file system holding `dir` to the last byte. */
function fill(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // Whatever is left is smaller than a chunk: take it byte by byte.
  try {
    for (;;) writeSync(fd, chunk, 0, 1);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return file;
}

/** Starts the server and waits for it to give up, with what it printed. */
function startUp(dataDir: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--conditions=development', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const lines = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '');
  return { status: run.status, lines };
}

const JWT_SECRET = 'a-secret-of-at-least-thirty-two-characters';
const cannotSave = { detail: TEXTS.cannotSave, code: 'SERVICE_UNAVAILABLE' };

/** A new listing with a photo, in one go. */
async function uploadListing(url: string, member: Member): Promise<Answer> {
  const upload = slowUpload(url, member, await photo());
  upload.finish();
  return upload.answer;
}

describe('start-up on a data directory it cannot write to', () => {
  /** A read-only mount where allowed; else a directory without write permission (non-root only). */
  const readOnlyDir = () => {
    if (canMount) return tmpfs('1m', true);
    if (asRoot) return undefined;
    const dir = tempDir();
    chmodSync(dir, 0o555);
    return dir;
  };

  it('fails with one line naming the directory, whether it must create the secret or not', (context) => {
    const dir = readOnlyDir();
    if (!dir) return context.skip('root without mount: no way to make a directory root cannot write');
    for (const env of [{}, { JWT_SECRET }] as Record<string, string>[]) {
      const { status, lines } = startUp(dir, env);
      expect(status).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Cannot start: the data directory ${dir} is not writable \\(`));
      expect(lines[0]).toContain('DATA_DIR');
    }
  });
});

describe.skipIf(!canMount)('writes while the data directory is full or read-only', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = undefined;
  });

  it('answers 507 with the text when the disk is full, keeps no half-written photo, and saves again once there is room', async () => {
    const dataDir = tmpfs('8m')!;
    server = await startServer({}, { dataDir });
    const member = await register(server.url, 'full');
    const other = await register(server.url, 'reader');
    expect((await uploadListing(server.url, member)).status).toBe(201);
    const photosBefore = readdirSync(path.join(dataDir, 'uploads')).length;

    const filler = fill(dataDir);
    const upload = await uploadListing(server.url, member);
    expect(upload.status, JSON.stringify(upload.body)).toBe(507);
    expect(upload.body).toEqual(cannotSave);
    expect(readdirSync(path.join(dataDir, 'uploads')).length).toBe(photosBefore);

    // Database writes: enough of them to outgrow what the SQLite journal had room for.
    const writes: Answer[] = [];
    for (let i = 0; i < 200; i++) {
      writes.push(
        await call(server.url, 'POST', '/api/messages', member, {
          receiver_id: other.id,
          content: `Still have basil? ${'x'.repeat(1500)} ${i}`,
        }),
      );
    }
    const refused = writes.filter((w) => w.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(507);
      expect(answer.body).toEqual(cannotSave);
    }
    // Reads still work, and the process is up.
    expect((await call(server.url, 'GET', '/api/listings/?mine=true', member)).status).toBe(200);

    rmSync(filler);
    expect((await uploadListing(server.url, member)).status).toBe(201);
    expect(
      (await call(server.url, 'POST', '/api/messages', member, { receiver_id: other.id, content: 'Room again' }))
        .status,
    ).toBe(201);
    expect(server.output()).not.toMatch(/"statusCode":500/);
  });

  it('answers 503 with the text while the photo store is read-only, and saves again once it is writable', async () => {
    // A file system with files open for writing (the SQLite database) cannot be remounted
    // read-only, so the photos get a file system of their own; the database refusing writes is
    // in test/storage-errors.test.ts.
    const dataDir = tempDir();
    const uploads = path.join(dataDir, 'uploads');
    mkdirSync(uploads);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', uploads], { stdio: 'ignore' });
    mounts.unshift(uploads);
    server = await startServer({}, { dataDir });
    const member = await register(server.url, 'readonly');

    remount(uploads, 'ro');
    try {
      const upload = await uploadListing(server.url, member);
      expect(upload.status, JSON.stringify(upload.body)).toBe(503);
      expect(upload.body).toEqual(cannotSave);
      expect(upload.headers['retry-after']).toBeDefined();
      // A listing without a photo needs no disk but the database's.
      const plain = await call(server.url, 'POST', '/api/listings/', member, {
        title: 'Rhubarb crowns',
        type_id: 3,
        category_id: 3,
      });
      expect(plain.status).toBe(201);
    } finally {
      remount(uploads, 'rw');
    }
    expect((await uploadListing(server.url, member)).status).toBe(201);
  });
});
