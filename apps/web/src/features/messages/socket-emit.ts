import type { ClientToServerEvents } from '@gardenswap/shared/socket';
import type { SocketLike } from '../../lib/socket';

type FireAndForget = 'typing' | 'mark_read';

/** Sends an event that needs no answer when the socket is connected; answers whether it went. */
export function emitEvent<E extends FireAndForget>(
  socket: SocketLike | null,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): boolean {
  if (!socket?.connected) return false;
  (socket.emit as (event: E, payload: unknown) => void)(event, payload);
  return true;
}
