import { type ErrorBody, type FieldError, TEXTS } from '@gardenswap/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.js';

/** The first message per field, in order, as the error body's `errors`. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

const DATABASE_AWAY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  'SQLITE_BUSY',
]);

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
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', TEXTS.malformed);
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
  if (err.code && DATABASE_AWAY.has(err.code)) {
    return new AppError('SERVICE_UNAVAILABLE', TEXTS.unavailable, 503, undefined, { 'retry-after': '5' });
  }
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

/** One body for every failure: AppError, validation, malformed input, and the unexpected. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, appError);
  });
});
