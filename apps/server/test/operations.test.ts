import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './app.js';
import { createUser, PASSWORD } from './factories.js';

describe('logs', () => {
  it('hold one line per request, and never a password or a token', async () => {
    let log = '';
    const logStream = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    const ctx = await buildTestApp({ logLevel: 'trace' }, { logStream });
    try {
      const user = await createUser(ctx);
      const login = await ctx.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.email, password: PASSWORD },
      });
      const token = login.json().access_token as string;
      await ctx.inject({ method: 'GET', url: '/api/auth/profile', as: token });
      await ctx.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.email, password: 'a-wrong-password' },
      });
      // One line per request, naming it.
      const lines = log.split('\n').filter((line) => line.includes('"reqId"'));
      expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(3);
      expect(lines.filter((line) => line.includes('/api/auth/profile'))).toHaveLength(1);
      expect(log).not.toContain('incoming request');
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain('a-wrong-password');
      expect(log).not.toContain(token);
      expect(log).not.toContain(user.token);
    } finally {
      await ctx.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish when the app closes', async () => {
    let release!: () => void;
    const ctx = await buildTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/api/test-slow', { config: { public: true } }, async () => {
            await new Promise<void>((r) => (release = r));
            return { done: true };
          }),
      },
    );
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test-slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = ctx.close();
    setTimeout(() => release(), 200);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
  });

  it('on SIGTERM the server closes open sockets and exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-sigterm-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env = { ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=development', path.resolve(__dirname, '../src/main.ts')],
      { env, stdio: 'ignore' },
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 100; i++) {
        const ok = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const email = `shutdown${Date.now()}@example.com`;
      const reg = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'long-enough-1',
          first_name: 'S',
          last_name: 'T',
          username: `s${Date.now()}`,
        }),
      });
      expect(reg.status).toBe(201);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password: 'long-enough-1' }),
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const socket = io(base, { transports: ['websocket'], auth: { token: access_token }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const disconnected = new Promise<string>((r) => socket.on('disconnect', (reason) => r(reason)));
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await disconnected).toBeTruthy();
      expect(await exited).toBe(0);
      socket.close();
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
