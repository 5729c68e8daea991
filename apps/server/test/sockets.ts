import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, Message, ServerToClientEvents } from '@gardenswap/shared';
import { type Socket, io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, type TestContext } from './app.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected browser tab: its socket and every new_message it has received. */
export interface Tab {
  socket: ClientSocket;
  received: Message[];
}

/** A socket.io client as the web app opens it: websocket only, the token in the handshake. */
export function openSocket(baseUrl: string, token: string): ClientSocket {
  return io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
}

/** Opens a tab for a member and waits until it is connected. */
export async function connectTab(baseUrl: string, token: string, track: ClientSocket[]): Promise<Tab> {
  const socket = openSocket(baseUrl, token);
  track.push(socket);
  const received: Message[] = [];
  socket.on('new_message', (message) => received.push(message));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
}

/**
 * Registers the hooks of a test file that talks to a listening app with real socket.io clients:
 * a fresh app on a free port before all tests (handed to `ready`), every socket pushed to the
 * returned array closed after each test, the app closed at the end.
 */
export function listenForSockets(ready: (live: { ctx: TestContext; url: string }) => void): ClientSocket[] {
  const open: ClientSocket[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ready({ ctx, url: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => ctx.close());
  return open;
}
