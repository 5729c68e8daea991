import type { IncomingMessage } from 'node:http';

export interface LingeringCloseLimits {
  /** The longest the rest of a refused body is read. */
  totalMs: number;
  /** The longest the client may send nothing before the connection closes. */
  idleMs: number;
  /** The most bytes read and thrown away. */
  maxBytes: number;
}

/**
 * Makes the close of a request's connection, once its answer is written, a lingering one: the
 * server reads and throws away the rest of the request's body, and closes once the body is
 * complete, the client goes quiet or a limit is passed. A close with unread bytes sends a reset,
 * and ending our side early makes a client still writing its body fail (Node's client calls
 * that EPIPE): either way the client loses the answer. Returns a function that closes at once.
 */
export function lingerOnClose(request: IncomingMessage, limits: LingeringCloseLimits): () => void {
  const socket = request.socket;
  const destroy = () => socket.destroy();
  const closeSoon = socket.destroySoon.bind(socket);
  // Node's HTTP server calls destroySoon once a `Connection: close` answer has been written.
  socket.destroySoon = function lingeringClose() {
    if (request.complete) return closeSoon();
    // Node throws away the body of an answered request without emitting it: the socket's count
    // of bytes read tells how much arrives.
    const start = socket.bytesRead;
    let seen = start;
    let lastByteAt = Date.now();
    const startedAt = lastByteAt;
    const watch = setInterval(
      () => {
        const now = Date.now();
        if (socket.bytesRead !== seen) {
          seen = socket.bytesRead;
          lastByteAt = now;
        }
        if (seen - start > limits.maxBytes || now - lastByteAt >= limits.idleMs || now - startedAt >= limits.totalMs)
          destroy();
      },
      Math.min(25, limits.idleMs / 5),
    );
    socket.once('close', () => clearInterval(watch));
    socket.once('end', destroy);
    request.once('end', closeSoon);
    // A refused upload's reader may have paused the body.
    request.resume();
  };
  return destroy;
}
