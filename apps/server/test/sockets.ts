import type { ClientToServerEvents, Message, ServerToClientEvents } from '@gardenswap/shared';
import { type Socket, io } from 'socket.io-client';

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
