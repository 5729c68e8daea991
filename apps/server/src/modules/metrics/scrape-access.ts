import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Headers a proxy adds: a request carrying one came from somewhere else, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** Loopback as a socket reports it, IPv4-mapped addresses included. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read the metrics. With METRICS_TOKEN set, whoever sends it as a bearer token, from
 * anywhere, and no one else; the digests are compared so the time taken tells nothing of the token.
 * Without it, clients on this machine only: the socket's own address decides, never a forwarded
 * one, and a request a proxy forwarded is refused (a proxy on this machine connects from loopback
 * on behalf of the whole internet).
 */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) {
    const given = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), digest(token));
  }
  if (FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress);
}
