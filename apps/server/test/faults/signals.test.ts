import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSocket } from '../sockets.js';
import { type Member, photo, register, slowUpload } from './gardeners.js';
import { type ServerProcess, startServer } from './server-process.js';
import { signal } from './services.js';

// The real server stopped the ways it is stopped in production, each time with 50 photo uploads
// half sent and a chat socket open: SIGTERM to the server alone (a container whose PID 1 is
// `node apps/server/dist/main.js`), to the whole process group of `npm start` (Ctrl-C, systemd),
// and to npm alone (npm as a container's PID 1: `docker stop`, Kubernetes). Each time a second
// SIGTERM follows, as npm forwarding it or an impatient operator sends one. Every upload must
// complete with 201, the socket must be told (not just cut), and everything must exit with code 0
// within 10 s.

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const UPLOADS = 50;
const EXIT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm start` on the server's sources: npm, its shell exec'ing scripts/start.mjs, the server in it. */
const npmStart = {
  launch: { command: 'npm', args: ['start', '--silent'], cwd: repoRoot, detached: true },
  env: {
    HOME: process.env.HOME,
    NODE_OPTIONS: '--conditions=development --import tsx',
    GARDENSWAP_SERVER_ENTRY: 'apps/server/src/main.ts',
  },
};

/** True while any process of the group led by `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stopping the server with requests in flight', () => {
  let server: ServerProcess | undefined;

  afterEach(async () => {
    const pid = server?.child.pid;
    if (pid && groupAlive(pid) && server?.child.spawnargs[0] === 'npm') signal(-pid, 'SIGKILL');
    if (server) await server.stop('SIGKILL');
    server = undefined;
  });

  /**
   * Half-sends the uploads and opens a socket, sends `kill` (then a second one), finishes the
   * uploads, and reads what came of it all.
   */
  async function drill(running: ServerProcess, kill: () => void) {
    const member: Member = await register(running.url, 'signals');
    const image = await photo();
    const socket = openSocket(running.url, member.token);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const told = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const uploads = Array.from({ length: UPLOADS }, (_, i) => slowUpload(running.url, member, image, `Basil ${i}`));
    await Promise.all(uploads.map((u) => u.started));
    // Let the server read every request's headers: they are all in flight now.
    await sleep(300);

    const signalledAt = Date.now();
    kill();
    await sleep(300);
    kill();
    await sleep(300);
    for (const upload of uploads) upload.finish();

    const answers = await Promise.all(uploads.map((u) => u.answer));
    const exit = await Promise.race([running.exit(), sleep(EXIT_MS + 2_000).then(() => 'still running' as const)]);
    const exitedAfterMs = Date.now() - signalledAt;
    socket.close();
    return { answers, reason: await Promise.race([told, sleep(100).then(() => 'never told')]), exit, exitedAfterMs };
  }

  function expectGraceful(result: Awaited<ReturnType<typeof drill>>, output: string) {
    const failed = result.answers.filter((a) => a.status !== 201);
    expect(failed, `uploads that did not complete:\n${JSON.stringify(failed.slice(0, 3))}\n${output}`).toEqual([]);
    expect(result.reason).toBe('io server disconnect');
    expect(result.exit, output).toEqual({ code: 0, signal: null });
    expect(result.exitedAfterMs).toBeLessThan(EXIT_MS);
  }

  it('finishes every upload and exits 0 when the server alone gets SIGTERM twice (node as PID 1)', async () => {
    server = await startServer();
    const running = server;
    const result = await drill(running, () => signal(running.child.pid, 'SIGTERM'));
    expectGraceful(result, running.output());
    expect(running.output()).toContain('already shutting down');
  });

  it('finishes every upload and exits 0 when the process group of npm start gets SIGTERM twice (Ctrl-C, systemd)', async () => {
    server = await startServer(npmStart.env, { launch: npmStart.launch });
    const running = server;
    const pgid = running.child.pid!;
    const result = await drill(running, () => signal(-pgid, 'SIGTERM'));
    expectGraceful(result, running.output());
    expect(groupAlive(pgid), 'a process of npm start is left running').toBe(false);
  });

  it('finishes every upload and exits 0 when npm alone gets SIGTERM twice (npm start as PID 1)', async () => {
    server = await startServer(npmStart.env, { launch: npmStart.launch });
    const running = server;
    const pgid = running.child.pid!;
    const result = await drill(running, () => signal(running.child.pid, 'SIGTERM'));
    expectGraceful(result, running.output());
    expect(running.output()).toContain('already shutting down');
    expect(groupAlive(pgid), 'the server outlived npm').toBe(false);
  });
});
