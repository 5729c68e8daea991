import net, { type AddressInfo, type Socket } from 'node:net';
import type { TestContext } from './app.js';

/** One HTTP/1.1 answer as it came off the wire. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** When the whole answer had arrived (performance.now()). */
  at: number;
}

/** Starts the app on a free port of 127.0.0.1 and returns the port. */
export async function listenLocally(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

/** A bare TCP connection to the app, so a test controls every byte and every pause. */
export function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The request line and headers of a raw request, ending with the blank line. */
export function head(method: string, path: string, headers: Record<string, string | number>) {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Watches a socket for the first answer (framed by Content-Length, as all of ours are) and for
 * its end. Errors after the answer (the server resetting a connection it refused) are expected.
 */
export function watch(socket: Socket) {
  let buffer = Buffer.alloc(0);
  let closedAt: number | undefined;
  let settle: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | undefined;
  let response: RawResponse | undefined;
  let failure: Error | undefined;
  const answered = new Promise<RawResponse>((resolve, reject) => (settle = { resolve, reject }));
  answered.catch(() => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closedAt = performance.now();
      if (!response) settle?.reject(failure ?? new Error('connection closed without an answer'));
      resolve(closedAt);
    }),
  );
  socket.on('error', (error) => {
    failure = error;
  });
  socket.on('data', (chunk: Buffer) => {
    if (response) return;
    buffer = Buffer.concat([buffer, chunk]);
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return;
    response = {
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
      at: performance.now(),
    };
    settle?.resolve(response);
  });
  return {
    answered,
    closed,
    get response() {
      return response;
    },
    get isClosed() {
      return closedAt !== undefined;
    },
  };
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `chunk` into the socket again and again, a little at a time, until `stop()` says so,
 * `limit` bytes are written or the socket fails. Each write waits for the previous one to
 * leave the process, so the count is close to what the server has been offered.
 */
export async function keepWriting(
  socket: Socket,
  chunk: Buffer,
  { limit, stop, frame = (c: Buffer) => c }: { limit: number; stop: () => boolean; frame?: (c: Buffer) => Buffer },
) {
  let written = 0;
  while (written < limit && !stop() && !socket.destroyed && socket.writable) {
    const piece = chunk.subarray(0, Math.min(chunk.length, limit - written));
    const ok = await new Promise<boolean>((resolve) => socket.write(frame(piece), (error) => resolve(!error)));
    if (!ok) break;
    written += piece.length;
    await sleep(1);
  }
  return written;
}
