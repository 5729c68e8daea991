import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { IMAGE_MAX_BYTES, TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../src/config.js';
import { MULTIPART_MAX_BYTES } from '../src/plugins/multipart.js';
import { buildTestApp, type TestContext } from './app.js';
import { createListing, createUser, type TestUser } from './factories.js';
import { connect, head, keepWriting, listenLocally, sleep, watch } from './raw-http.js';

const MB = 1024 * 1024;
let ctx: TestContext;
let port: number;
let owner: TestUser;
let listingId: number;

/** Short enough that the tests see a lingering close end by each of its bounds. */
const lingeringClose = { totalMs: 2_000, idleMs: 500, maxBytes: 24 * MB };

beforeAll(async () => {
  ctx = await buildTestApp({ timeouts: { ...SERVER_TIMEOUTS, lingeringClose } });
  port = await listenLocally(ctx);
  owner = await createUser(ctx);
  listingId = (await createListing(ctx, owner)).id;
});
afterAll(() => ctx.close());

/** The three forms that carry a photo, with the name of their file field. */
const uploadRoutes = () => [
  { method: 'POST', url: '/api/listings/', field: 'image' },
  { method: 'PUT', url: `/api/listings/${listingId}/image`, field: 'image' },
  { method: 'POST', url: '/api/auth/upload-profile-image', field: 'file' },
];
const routeNames = ['POST /api/listings/', 'PUT /api/listings/:id/image', 'POST /api/auth/upload-profile-image'];

/** A form's text fields and the opening of its file part: the photo's bytes follow. */
function formOpening(boundary: string, field: string) {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCherry tomatoes\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="type_id"\r\n\r\n2\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="category_id"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
}

const chunked = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
const tooLarge = { detail: TEXTS.imageTooLarge, code: 'PAYLOAD_TOO_LARGE' };

describe('an upload over the limit', () => {
  it.each(routeNames.map((name, i) => [name, i] as const))(
    'answers %s with 413 from the Content-Length alone, before reading the body',
    async (_name, i) => {
      const route = uploadRoutes()[i]!;
      const socket = await connect(port);
      const seen = watch(socket);
      socket.write(
        head(route.method, route.url, {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': 50 * MB,
        }),
      );
      const res = await seen.answered;
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual(tooLarge);
      expect(res.headers.connection).toBe('close');
      // Not a byte of the body was sent: once the client ends its side, the server closes.
      socket.end();
      await seen.closed;
      socket.destroy();
    },
  );

  it.each(routeNames.map((name, i) => [name, i] as const))(
    'answers %s with 413 as soon as a chunked photo passes 10 MB, and stops reading',
    async (_name, i) => {
      const route = uploadRoutes()[i]!;
      const boundary = `gs${randomBytes(8).toString('hex')}`;
      const socket = await connect(port);
      const seen = watch(socket);
      socket.write(
        head(route.method, route.url, {
          authorization: `Bearer ${owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        }),
      );
      socket.write(chunked(formOpening(boundary, route.field)));
      // A photo that never ends: before the fix the server read it forever and never answered.
      const written = await keepWriting(socket, Buffer.alloc(64 * 1024, 0xd8), {
        limit: 64 * MB,
        stop: () => seen.response !== undefined,
        frame: chunked,
      });
      const res = await seen.answered;
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual(tooLarge);
      expect(res.headers.connection).toBe('close');
      expect(written).toBeLessThan(IMAGE_MAX_BYTES + 4 * MB);
      const closedAt = await seen.closed;
      expect(closedAt - res.at).toBeLessThan(2000);
      socket.destroy();
    },
  );

  it('answers 413 when the photo outgrows a Content-Length that claimed the form fits', async () => {
    const boundary = `gs${randomBytes(8).toString('hex')}`;
    const socket = await connect(port);
    const seen = watch(socket);
    // Within the form limit, so the Content-Length check lets it in; the photo alone is over 10 MB.
    socket.write(
      head('POST', '/api/listings/', {
        authorization: `Bearer ${owner.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': MULTIPART_MAX_BYTES,
      }),
    );
    const opening = formOpening(boundary, 'image');
    socket.write(opening);
    const written = await keepWriting(socket, Buffer.alloc(64 * 1024, 0xd8), {
      limit: MULTIPART_MAX_BYTES - opening.length,
      stop: () => seen.response !== undefined,
    });
    const res = await seen.answered;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
    expect(written + opening.length).toBeLessThan(MULTIPART_MAX_BYTES);
    await seen.closed;
    socket.destroy();
  });

  it('answers 413 to an endless body that never reaches a part, once it passes the form limit', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    socket.write(
      head('POST', '/api/listings/', {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'multipart/form-data; boundary=never-sent',
        'transfer-encoding': 'chunked',
      }),
    );
    const written = await keepWriting(socket, Buffer.alloc(64 * 1024, 0x61), {
      limit: 64 * MB,
      stop: () => seen.response !== undefined,
      frame: chunked,
    });
    const res = await seen.answered;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
    expect(written).toBeLessThan(MULTIPART_MAX_BYTES + 4 * MB);
    await seen.closed;
    socket.destroy();
  });
});

/**
 * Sends a whole multipart body of `size` bytes with its Content-Length through Node's own client,
 * and fails on any socket error along the way, even one after the answer was read.
 */
function postWholeBody(route: { method: string; url: string; field: string }, size: number) {
  const boundary = `gs${randomBytes(8).toString('hex')}`;
  const opening = formOpening(boundary, route.field);
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const photo = Buffer.alloc(size - opening.length - closing.length, 0xd8);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answer: { status: number; body: string } | undefined;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: route.method,
        path: route.url,
        agent: false,
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': size,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => (answer = { status: response.statusCode!, body }));
      },
    );
    request.on('error', reject);
    request.on('close', () => (answer ? resolve(answer) : reject(new Error('closed without an answer'))));
    request.end(Buffer.concat([opening, photo, closing]));
  });
}

/** A client that may keep sending after the server has ended its side. */
async function halfOpenConnection() {
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  await once(socket, 'connect');
  return socket;
}

/** The connections the server holds open. */
const serverConnections = () =>
  new Promise<number>((resolve, reject) =>
    ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** When (performance.now()) the server has let go of every connection. */
async function allConnectionsClosed() {
  while ((await serverConnections()) > 0) await sleep(20);
  return performance.now();
}

/** A 413 refused from its Content-Length, on a connection that stays open on the client's side. */
async function refusedUpload(contentLength: number) {
  await allConnectionsClosed();
  const socket = await halfOpenConnection();
  const seen = watch(socket);
  socket.write(
    head('POST', '/api/listings/', {
      authorization: `Bearer ${owner.token}`,
      'content-type': 'multipart/form-data; boundary=xyz',
      'content-length': contentLength,
    }),
  );
  const res = await seen.answered;
  expect(res.status).toBe(413);
  return { socket, seen, res };
}

describe('a refused upload whose client sends the whole body anyway', () => {
  it.each(routeNames.map((name, i) => [name, i] as const))(
    'lets a plain HTTP client that writes 12 MB to %s read the 413, with no reset',
    async (_name, i) => {
      const res = await postWholeBody(uploadRoutes()[i]!, 12 * MB);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual(tooLarge);
    },
  );

  it('lets a raw client that writes all 12 MB before reading get the 413, not a reset', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    const body = Buffer.alloc(12 * MB, 0xd8);
    socket.write(
      head('POST', '/api/listings/', {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': body.length,
      }),
    );
    const written = await new Promise<boolean>((resolve) => socket.write(body, (error) => resolve(!error)));
    expect(written).toBe(true);
    const res = await seen.answered;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(tooLarge);
    await seen.closed;
  });

  it('closes once the client has gone quiet after the answer', async () => {
    const { socket, res } = await refusedUpload(50 * MB);
    socket.write(Buffer.alloc(64 * 1024));
    const closedAt = await allConnectionsClosed();
    expect(closedAt - res.at).toBeGreaterThanOrEqual(lingeringClose.idleMs - 50);
    expect(closedAt - res.at).toBeLessThan(lingeringClose.idleMs + 1500);
    socket.destroy();
  });

  it('closes after its time limit however slowly the client goes on sending', async () => {
    const { socket, res } = await refusedUpload(50 * MB);
    const trickle = setInterval(() => socket.write(Buffer.alloc(1024)), lingeringClose.idleMs / 5);
    socket.on('error', () => clearInterval(trickle));
    const closedAt = await allConnectionsClosed();
    clearInterval(trickle);
    expect(closedAt - res.at).toBeGreaterThanOrEqual(lingeringClose.totalMs - 50);
    expect(closedAt - res.at).toBeLessThan(lingeringClose.totalMs + 1500);
    socket.destroy();
  });

  it('stops reading what follows the answer after its byte limit', async () => {
    const { socket, seen } = await refusedUpload(200 * MB);
    const written = await keepWriting(socket, Buffer.alloc(256 * 1024), {
      limit: 200 * MB,
      stop: () => seen.isClosed,
    });
    // The limit, plus what arrived between two looks at the count and what the kernel's buffers
    // held when the server let go.
    expect(written).toBeGreaterThan(lingeringClose.maxBytes);
    expect(written).toBeLessThan(lingeringClose.maxBytes + 32 * MB);
    socket.destroy();
  });
});

describe('a multipart body that cannot be read', () => {
  const B = 'gardenswap-boundary';
  const field = (name: string, value: string, type?: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
  const file = (name: string, data: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${data}\r\n`;
  const send = (i: number, payload: string, contentType = `multipart/form-data; boundary=${B}`) => {
    const route = uploadRoutes()[i]!;
    return ctx.inject({
      method: route.method as 'POST' | 'PUT',
      url: route.url,
      as: owner,
      headers: { 'content-type': contentType },
      payload,
    });
  };

  const cases: [string, (f: string) => [string, string?], number, string][] = [
    ['has no boundary', (f) => [file(f, 'abc') + `--${B}--\r\n`, 'multipart/form-data'], 400, TEXTS.uploadNoBoundary],
    [
      'is cut short inside the photo',
      (f) => [field('title', 'Cherry tomatoes') + file(f, 'abc').slice(0, -4)],
      400,
      TEXTS.uploadCutShort,
    ],
    ['is cut short inside a field', () => [field('title', 'Cherry tomatoes').slice(0, -6)], 400, TEXTS.uploadCutShort],
    [
      'has a boundary too long to search for',
      (f) => [file(f, 'abc'), `multipart/form-data; boundary=${'b'.repeat(300)}`],
      400,
      TEXTS.uploadMalformed,
    ],
    [
      'declares a JSON field that is not JSON',
      () => [field('title', '{oops', 'application/json') + `--${B}--\r\n`],
      400,
      TEXTS.uploadMalformed,
    ],
    ['names a field __proto__', () => [field('__proto__', 'x') + `--${B}--\r\n`], 400, TEXTS.uploadMalformed],
    [
      'carries a field over 16 KB',
      () => [field('description', 'x'.repeat(17 * 1024)) + `--${B}--\r\n`],
      413,
      TEXTS.uploadFieldTooLarge,
    ],
    ['carries two files', (f) => [file(f, 'abc') + file(f, 'def') + `--${B}--\r\n`], 413, TEXTS.bodyTooLarge],
  ];

  for (const [what, build, status, detail] of cases) {
    it.each(routeNames.map((name, i) => [name, i] as const))(
      `answers %s with ${status} when the form ${what}`,
      async (_name, i) => {
        const [payload, contentType] = build(uploadRoutes()[i]!.field);
        const res = await send(i, payload, contentType);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ detail, code: status === 400 ? 'BAD_REQUEST' : 'PAYLOAD_TOO_LARGE' });
      },
    );
  }
});
