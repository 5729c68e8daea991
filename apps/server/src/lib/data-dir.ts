import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REASONS: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a file is in the way',
  EEXIST: 'a file is in the way',
};

/** One line for the operator: which directory cannot be written, why, and what to do. */
export function unwritableDirMessage(dir: string, error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  const reason = (code && REASONS[code]) ?? code ?? (error instanceof Error ? error.message : String(error));
  return `Cannot start: the data directory ${dir} is not writable (${reason}). Set DATA_DIR to a writable directory.`;
}

/** Thrown by `assertWritableDir`; its message is the one line to print. */
export class UnwritableDirError extends Error {}

/**
 * Creates `dir` if needed and proves it takes a write, so that a read-only or full data
 * directory stops start-up with one clear line instead of failing the first upload.
 */
export function assertWritableDir(dir: string, shownAs: string = dir): void {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, 'ok');
  } catch (error) {
    throw new UnwritableDirError(unwritableDirMessage(shownAs, error));
  } finally {
    rmSync(probe, { force: true });
  }
}
