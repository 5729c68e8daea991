import { z } from 'zod';

/** Stable machine codes of the one error body; the web client branches on these. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'WANT_LIMIT_REACHED',
  'ALREADY_FRIENDS',
  'ALREADY_REQUESTED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'EVENT_FULL',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code answers with, unless a thrower says otherwise. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  WANT_LIMIT_REACHED: 409,
  ALREADY_FRIENDS: 409,
  ALREADY_REQUESTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  EVENT_FULL: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The one body of every non-2xx answer. */
export const ErrorBodySchema = z.object({
  detail: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
