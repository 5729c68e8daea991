import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, type FieldError, TEXTS } from '@gardenswap/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseAway } from '../db/connect.js';
import { AppError } from '../lib/app-error.js';
import { lingerOnClose } from '../lib/lingering-close.js';

/** The first message per field, in order, as the error body's `errors`. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** The database is away (see isDatabaseAway): 503, and when to try again. */
export const databaseAway = () =>
  new AppError('SERVICE_UNAVAILABLE', TEXTS.unavailable, 503, undefined, { 'retry-after': '5' });

/** Codes of a disk (or database) that has no room left: 507, nothing to retry soon. */
const STORAGE_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
/** Codes of storage that refuses writes (read-only, no permission, failing): 503. */
const STORAGE_REFUSED = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO', '25006', '58030']);

/**
 * A write the disk or the database could not keep: full (507), read-only or failing (503).
 * SQLite reports its own with extended codes (`SQLITE_READONLY_DBMOVED`, `SQLITE_IOERR_WRITE`).
 */
export function storageFailure(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (STORAGE_FULL.has(code)) return new AppError('SERVICE_UNAVAILABLE', TEXTS.cannotSave, 507);
  if (STORAGE_REFUSED.has(code) || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR')) {
    return new AppError('SERVICE_UNAVAILABLE', TEXTS.cannotSave, 503, undefined, { 'retry-after': '30' });
  }
  return undefined;
}

/**
 * What @fastify/multipart and busboy throw about a form they cannot read. busboy's own
 * errors carry no code, only a message, so those are told apart by it.
 */
function unreadableUpload(err: { code?: string; message?: string }): AppError | undefined {
  switch (err.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', TEXTS.uploadMalformed);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', TEXTS.uploadCutShort);
  }
  const message = err.message ?? '';
  if (message === 'Multipart: Boundary not found' || message === 'Boundary required') {
    return new AppError('BAD_REQUEST', TEXTS.uploadNoBoundary);
  }
  if (
    message === 'Unexpected end of multipart data' ||
    message.endsWith('terminated early due to unexpected end of multipart data')
  ) {
    return new AppError('BAD_REQUEST', TEXTS.uploadCutShort);
  }
  return undefined;
}

/**
 * An error met while reading a multipart form: whatever the parser throws is about the
 * client's bytes, so an unknown one is still a 400, never a 500.
 */
export function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const err = error as { code?: string; message?: string; statusCode?: number };
  const known = unreadableUpload(err);
  if (known) return known;
  const mapped = toAppError(error);
  if (mapped.status === 413) return mapped;
  return new AppError('BAD_REQUEST', TEXTS.uploadMalformed);
}

/** Translates anything thrown into the one error body, with the right status. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    const errors = fieldErrors(error.issues);
    return new AppError('VALIDATION_FAILED', errors[0]?.message ?? TEXTS.validation, 422, errors);
  }
  const err = error as FastifyError & { code?: string; statusCode?: number };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = fieldErrors(
      err.validation.map((v) => ({
        path: [...(v.instancePath ?? '').split('/').filter(Boolean)],
        message: v.message ?? TEXTS.validation,
      })),
    );
    return new AppError('VALIDATION_FAILED', errors[0]?.message ?? TEXTS.validation, 422, errors);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', TEXTS.malformed);
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', TEXTS.urlMalformed);
    // Longer than any id, name or file name the router knows: nothing by that name exists.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('NOT_FOUND', TEXTS.notFound);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        err.code === 'FST_REQ_FILE_TOO_LARGE' ? TEXTS.imageTooLarge : TEXTS.bodyTooLarge,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.unsupportedMediaType);
  }
  const upload = unreadableUpload(err);
  if (upload) return upload;
  // PostgreSQL's "invalid byte sequence": a NUL in a text that got past the request check.
  if (err.code === '22021') return new AppError('BAD_REQUEST', TEXTS.textHasNul);
  const storage = storageFailure(err);
  if (storage) return storage;
  if (isDatabaseAway(err)) return databaseAway();
  if (err.statusCode === 429) return new AppError('RATE_LIMITED', TEXTS.tooManyRequests);
  if (err instanceof SyntaxError || err.statusCode === 400) return new AppError('BAD_REQUEST', TEXTS.malformed);
  if (err.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', TEXTS.bodyTooLarge);
  if (err.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.unsupportedMediaType);
  return new AppError('INTERNAL', TEXTS.internal, 500);
}

export function sendError(reply: FastifyReply, error: AppError) {
  const body: ErrorBody = { detail: error.detail, code: error.code };
  if (error.errors?.length) body.errors = error.errors;
  if (error.headers) void reply.headers(error.headers);
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/**
 * True when a string anywhere in `value` (keys included) holds a NUL: PostgreSQL text cannot,
 * so it is refused up front on both databases alike. Walked without recursion, however deep.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Fastify's `frameworkErrors`: what the router meets before any route runs (a URL it cannot decode). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed before routing');
  return sendError(reply, appError);
}

/** The one body as a raw HTTP answer, for the moments Node hands over the bare socket. */
function writeRawError(socket: Socket, error: AppError) {
  const body = JSON.stringify({ detail: error.detail, code: error.code } satisfies ErrorBody);
  socket.write(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * The response of each socket's request whose body is still arriving (or was answered before
 * it arrived): a timeout or a parse error there must not write a second answer after it.
 */
const responding = new WeakMap<Socket, ServerResponse>();

/**
 * Node's `clientError`: a request whose headers or body did not arrive in time (408), whose
 * headers are too large (431) or that is not HTTP at all (400). It answers with the one body
 * when nothing has been answered on the socket yet, then ends the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable && !responding.get(socket)?.headersSent) {
    writeRawError(
      socket,
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', TEXTS.requestTimeout)
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? new AppError('PAYLOAD_TOO_LARGE', TEXTS.headersTooLarge, 431)
          : new AppError('BAD_REQUEST', TEXTS.requestUnreadable),
    );
  }
  socket.destroy();
}

/** One body for every failure: AppError, validation, malformed input, slow clients, and the unexpected. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, appError);
    });

    app.addHook('preHandler', async (request) => {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
        throw new AppError('BAD_REQUEST', TEXTS.textHasNul);
    });
    app.addHook('onRequest', async (request, reply) => {
      const socket = request.raw.socket;
      if (request.raw.complete === false) responding.set(socket, reply.raw);
      // A body that stops arriving for the idle timeout: answer 408 if nothing was answered yet.
      // Listening takes over from Node's default, which would only destroy the socket.
      request.raw.once('timeout', () => {
        if (!reply.raw.headersSent && socket.writable)
          writeRawError(socket, new AppError('REQUEST_TIMEOUT', TEXTS.requestTimeout));
        socket.destroy();
      });
    });
    // Connections reading the rest of a refused body: shutdown does not wait for them.
    const lingering = new Map<Socket, () => void>();
    app.addHook('onSend', async (request, reply) => {
      // An answer given before the body has arrived (a refused upload, a 401) ends the connection:
      // to keep it alive Node would read, and throw away, the rest of a body already refused. It
      // closes lingering, so a client still sending that body reads the answer instead of a reset.
      if (request.raw.complete !== false) return;
      void reply.header('connection', 'close');
      const socket = request.raw.socket;
      if (lingering.has(socket)) return;
      lingering.set(socket, lingerOnClose(request.raw, app.config.timeouts.lingeringClose));
      socket.once('close', () => lingering.delete(socket));
    });
    app.addHook('preClose', async () => {
      for (const close of lingering.values()) close();
    });
    app.addHook('onResponse', async (request) => {
      if (request.raw.complete !== false) responding.delete(request.raw.socket);
    });
  },
  { name: 'errors' },
);
