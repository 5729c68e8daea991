import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/**
 * Where the machine's CPU went while a route was under load: the server under test, the
 * PostgreSQL backends on this machine, and the load generator (this process), each as CPU
 * milliseconds per answer, and how busy the whole machine was. On a machine where all three
 * share a few cores, a route's p99 at 50 connections is set by what each answer costs them
 * together; this tells which of them it is. Linux only (read from /proc); elsewhere nothing.
 */

export interface CpuShare {
  /** CPU ms per answer of the server process. */
  server: number;
  /** CPU ms per answer of the processes named `postgres` (none for SQLite, or a remote database). */
  database: number;
  /** CPU ms per answer of the load generator. */
  load: number;
  /** Share of all cores in use, 0–1. */
  busy: number;
}

interface Reading {
  server: number;
  database: Map<string, number>;
  load: number;
  machineBusy: number;
  machineAll: number;
}

const PROC = '/proc';
/** Clock ticks per second of /proc's CPU times (USER_HZ). */
const ticksPerSecond = existsSync(`${PROC}/stat`) ? Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) : 0;

/** utime + stime of one process, in ticks; 0 once it has gone. */
function processTicks(pid: number | string): number {
  try {
    const stat = readFileSync(`${PROC}/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Ticks of each process named `postgres`, by pid. */
function databaseTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync(PROC)) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`${PROC}/${pid}/comm`, 'utf8').trim() === 'postgres') ticks.set(pid, processTicks(pid));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return ticks;
}

/**
 * What the backends spent between two readings: each counted from its first reading, or from 0
 * when it started meanwhile. A backend that ended meanwhile (a pool's idle connection closed)
 * is left out, its last moments with it.
 */
function databaseSpent(before: Map<string, number>, after: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks / ticksPerSecond;
}

function read(serverPid: number): Reading {
  const [, ...times] = readFileSync(`${PROC}/stat`, 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = times.map(Number) as number[];
  const own = process.cpuUsage();
  return {
    server: processTicks(serverPid) / ticksPerSecond,
    database: databaseTicks(),
    load: (own.user + own.system) / 1e6,
    machineBusy: (user! + nice! + system! + irq! + softirq! + steal!) / ticksPerSecond,
    machineAll: (user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!) / ticksPerSecond,
  };
}

/** Runs `work` (which answers how many requests it made) and tells what each answer cost. */
export async function cpuShareOf(
  serverPid: number | undefined,
  work: () => Promise<number>,
): Promise<CpuShare | undefined> {
  if (!ticksPerSecond || serverPid === undefined) {
    await work();
    return undefined;
  }
  const before = read(serverPid);
  const answers = await work();
  const after = read(serverPid);
  const perAnswer = (seconds: number) => (seconds * 1000) / answers;
  return {
    server: perAnswer(after.server - before.server),
    database: perAnswer(databaseSpent(before.database, after.database)),
    load: perAnswer(after.load - before.load),
    busy: (after.machineBusy - before.machineBusy) / (after.machineAll - before.machineAll),
  };
}
