import { ERROR_CODES } from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { routeLabel } from './route-label.js';

/** From a cached read to a photo upload on a slow line, which may take up to SERVER_TIMEOUTS.requestMs. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** The `code` of the one error body; `none` for any other body. */
function errorCodeOf(payload: unknown): string {
  if (typeof payload !== 'string') return 'none';
  const code = /"code":"([A-Z_]+)"/.exec(payload)?.[1];
  return code && KNOWN_CODES.has(code) ? code : 'none';
}

/** Counts and times every answer by method, route pattern and status, and every error by its code. */
export function observeRequests(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'gardenswap_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gardenswap_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'gardenswap_http_errors_total',
    help: 'HTTP answers of status 400 and above, by status code and the error body code.',
    labelNames: ['status_code', 'code'],
    registers: [registry],
  });

  // An error's code is read from the body as it is sent; the answer is counted once it has gone.
  // Callback hooks: they run on every request, and an async one costs a promise each time.
  const errorCodes = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) errorCodes.set(request, errorCodeOf(payload));
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const route = routeLabel(request);
    requests.inc({ method: request.method, route, status_code: status });
    duration.observe(
      { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    if (status >= 400) errors.inc({ status_code: status, code: errorCodes.get(request) ?? 'none' });
    done();
  });
}
