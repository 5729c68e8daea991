import type { FastifyRequest } from 'fastify';

/** Every request no route answered: one label, whatever the path, so a scan cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The web app's pages and files: one label, since every build names its files anew. */
export const WEB_APP_ROUTE = 'web app';

/** The route a request is counted under: its pattern (`/api/listings/:id`), never its URL. */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern?.startsWith('/api')) return pattern;
  return request.url.startsWith('/api') ? UNMATCHED_ROUTE : WEB_APP_ROUTE;
}
