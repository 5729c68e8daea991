import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The process's limit on open files (`RLIMIT_NOFILE`); Infinity when unlimited. */
export interface OpenFilesLimit {
  soft: number;
  hard: number;
}

/**
 * Descriptors kept for everything but client connections: stdio, libuv's own, the SQLite files,
 * the PostgreSQL pool, Redis, photos being written or served.
 */
export const RESERVED_DESCRIPTORS = 100;

/** Below this the server runs out of descriptors under an ordinary evening's load. */
const LOW_LIMIT = 4096;

const toLimit = (value: string | undefined) => (value === 'unlimited' ? Infinity : Number(value));

/** Reads the limit: from /proc on Linux, else from a shell's `ulimit` (a child inherits ours). */
export function readOpenFilesLimit(): OpenFilesLimit | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line?.slice('Max open files'.length).trim().split(/\s+/) ?? [];
    if (soft && hard) return { soft: toLimit(soft), hard: toLimit(hard) };
  } catch {
    // No /proc (macOS, BSD): ask a shell.
  }
  try {
    const [soft, hard] = execFileSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8', timeout: 2000 })
      .trim()
      .split('\n');
    const limit = { soft: toLimit(soft), hard: toLimit(hard) };
    return Number.isNaN(limit.soft) || Number.isNaN(limit.hard) ? undefined : limit;
  } catch {
    return undefined;
  }
}

/**
 * Raises the soft limit to the hard one. Node itself does so as it starts on Linux and macOS;
 * where it has not (an embedder, a platform that refused), `prlimit` (util-linux, on every
 * Debian) sets it on our own pid. Nothing else is tried: only root may go past the hard limit.
 */
export function raiseOpenFilesLimit(): OpenFilesLimit | undefined {
  const limit = readOpenFilesLimit();
  if (!limit || limit.soft >= limit.hard || process.platform !== 'linux') return limit;
  const target = Number.isFinite(limit.hard) ? String(limit.hard) : 'unlimited';
  try {
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${target}:${target}`], {
      stdio: 'ignore',
      timeout: 2000,
    });
  } catch {
    return limit;
  }
  return readOpenFilesLimit() ?? limit;
}

/** What start-up says about the limit: how many connections fit, and what to do when too few. */
export function describeOpenFilesLimit(limit: OpenFilesLimit | undefined): { level: 'info' | 'warn'; message: string } {
  if (!limit) return { level: 'info', message: 'Open files limit unknown on this system' };
  const shown = Number.isFinite(limit.soft) ? String(limit.soft) : 'unlimited';
  const connections = Number.isFinite(limit.soft)
    ? String(Math.max(0, limit.soft - RESERVED_DESCRIPTORS))
    : 'unlimited';
  const message = `Can hold about ${connections} connections (open files limit ${shown})`;
  if (limit.soft >= LOW_LIMIT) return { level: 'info', message };
  return {
    level: 'warn',
    message:
      `${message}: too few for a busy marketplace. Raise the hard limit: \`ulimit -n 65536\` in the shell, ` +
      'LimitNOFILE=65536 in a systemd unit, `--ulimit nofile=65536:65536` for docker run.',
  };
}
