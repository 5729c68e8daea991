import { performance } from 'node:perf_hooks';
import type { ClientToServerEvents, Message, ServerToClientEvents } from '@gardenswap/shared';
import { type Socket, io } from 'socket.io-client';

/**
 * Chat delivery under load: `pairs` members each send to a partner, one message after another,
 * and every send is timed from `send_message` until the partner's socket hears it as
 * `new_message`. Real socket.io clients, as the web app opens them.
 */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ChatResult {
  p50: number;
  p99: number;
  perSecond: number;
  errors: number;
}

function connect(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** `tokenOf(id)` is what the member's socket sends as `auth.token`. */
export async function measureChat(
  url: string,
  members: number[],
  tokenOf: (id: number) => string,
  warmupSeconds: number,
  seconds: number,
): Promise<ChatResult> {
  const sockets = await Promise.all(members.map((id) => connect(url, tokenOf(id))));
  const times: number[] = [];
  let errors = 0;
  let measuring = false;
  const pair = async (sender: ClientSocket, receiver: ClientSocket, receiverId: number, until: () => boolean) => {
    let n = 0;
    while (!until()) {
      const content = `Any rhubarb left? ${++n}`;
      const heard = new Promise<void>((resolve) => {
        const listener = (message: Message) => {
          if (message.content !== content) return;
          receiver.off('new_message', listener);
          resolve();
        };
        receiver.on('new_message', listener);
      });
      const started = performance.now();
      sender.emit('send_message', { receiver_id: receiverId, content }, (ack) => {
        if (!ack.ok) errors++;
      });
      const missed = new Promise<boolean>((resolve) => setTimeout(resolve, 5000, true));
      if (await Promise.race([heard.then(() => false), missed])) errors++;
      else if (measuring) times.push(performance.now() - started);
    }
  };
  const run = async (duration: number) => {
    const end = Date.now() + duration * 1000;
    const pairs = [];
    for (let i = 0; i + 1 < sockets.length; i += 2) {
      pairs.push(pair(sockets[i]!, sockets[i + 1]!, members[i + 1]!, () => Date.now() >= end));
    }
    await Promise.all(pairs);
  };
  try {
    await run(warmupSeconds);
    errors = 0;
    measuring = true;
    await run(seconds);
  } finally {
    for (const socket of sockets) socket.close();
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), perSecond: times.length / seconds, errors };
}
