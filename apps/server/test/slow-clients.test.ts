import type { Socket } from 'node:net';
import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../src/config.js';
import { buildTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { connect, head, listenLocally, watch } from './raw-http.js';

// The production deadlines, shortened so the file stays quick; the behaviour is the same.
const timeouts = {
  ...SERVER_TIMEOUTS,
  headersMs: 1500,
  requestMs: 4000,
  idleMs: 2500,
  keepAliveMs: 1000,
  checkIntervalMs: 100,
};
const requestTimeout = { detail: TEXTS.requestTimeout, code: 'REQUEST_TIMEOUT' };

let ctx: TestContext;
let port: number;
let member: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp({ timeouts });
  port = await listenLocally(ctx);
  member = await createUser(ctx);
});
afterAll(() => ctx.close());

describe('slow and stalled clients', () => {
  it('keeps answering others while 500 connections trickle their headers, and cuts those off', async () => {
    const slow: { socket: Socket; openedAt: number; seen: ReturnType<typeof watch> }[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const opened = await Promise.all(Array.from({ length: 50 }, () => connect(port)));
      for (const socket of opened) {
        const seen = watch(socket);
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        slow.push({ socket, openedAt: performance.now(), seen });
      }
    }
    // One more header line now and then from each: never idle, never done.
    let line = 0;
    const trickle = setInterval(() => {
      line++;
      for (const { socket } of slow) if (!socket.destroyed) socket.write(`X-Slow-${line}: 1\r\n`);
    }, 300);
    try {
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(res.status).toBe(200);
        expect(performance.now() - started).toBeLessThan(1000);
      }
      expect(slow.filter((s) => s.seen.isClosed)).toHaveLength(0);

      const closedAt = await Promise.all(slow.map((s) => s.seen.closed));
      for (const [i, { openedAt, seen }] of slow.entries()) {
        expect(closedAt[i]! - openedAt).toBeLessThan(timeouts.headersMs + 1500);
        expect(seen.response?.status).toBe(408);
        expect(JSON.parse(seen.response!.body)).toEqual(requestTimeout);
      }
    } finally {
      clearInterval(trickle);
      for (const { socket } of slow) socket.destroy();
    }
  });

  it('drops a connection that never sends a byte', async () => {
    const socket = await connect(port);
    const openedAt = performance.now();
    const seen = watch(socket);
    expect((await seen.closed) - openedAt).toBeLessThan(timeouts.idleMs + 1000);
    socket.destroy();
  });

  it('answers 408 to a form whose body stops arriving, at the idle timeout', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    const started = performance.now();
    socket.write(
      head('POST', '/api/listings/', {
        authorization: `Bearer ${member.token}`,
        'content-type': 'multipart/form-data; boundary=stall',
        'content-length': 5000,
      }),
    );
    socket.write('--stall\r\nContent-Disposition: form-data; name="title"\r\n\r\nCherry');
    const res = await seen.answered;
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual(requestTimeout);
    expect(res.at - started).toBeLessThan(timeouts.idleMs + 1000);
    await seen.closed;
    socket.destroy();
  });

  it('answers 408 to a form that keeps trickling, at the request timeout', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    const started = performance.now();
    socket.write(
      head('POST', '/api/listings/', {
        authorization: `Bearer ${member.token}`,
        'content-type': 'multipart/form-data; boundary=trickle',
        'content-length': 1_000_000,
      }),
    );
    socket.write('--trickle\r\nContent-Disposition: form-data; name="description"\r\n\r\n');
    const drip = setInterval(() => socket.writable && socket.write('x'), 200);
    try {
      const res = await seen.answered;
      expect(res.status).toBe(408);
      expect(JSON.parse(res.body)).toEqual(requestTimeout);
      expect(res.at - started).toBeGreaterThan(timeouts.requestMs - 500);
      expect(res.at - started).toBeLessThan(timeouts.requestMs + 1000);
      await seen.closed;
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    socket.write(head('GET', '/api/health', { connection: 'keep-alive' }));
    const res = await seen.answered;
    expect(res.status).toBe(200);
    // Node allows one more second than it advertises, so a client never reuses a closing socket.
    expect((await seen.closed) - res.at).toBeLessThan(timeouts.keepAliveMs + 2000);
    socket.destroy();
  });

  it('still answers an ordinary upload under these deadlines', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/listings/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: (() => {
        const form = new FormData();
        form.set('title', 'Cherry tomatoes');
        form.set('type_id', '2');
        form.set('category_id', '1');
        return form;
      })(),
    });
    expect(res.status).toBe(201);
  });
});
