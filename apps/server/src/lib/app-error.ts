import { ERROR_STATUS, type ErrorCode, type FieldError, TEXTS } from '@gardenswap/shared';

/** The one error type server code throws; the error plugin turns it into the one body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    status?: number,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.status = status ?? ERROR_STATUS[code];
  }
  /** Fastify and its plugins read `statusCode`. */
  get statusCode() {
    return this.status;
  }
}

export const notFound = (detail: string = TEXTS.notFound) => new AppError('NOT_FOUND', detail);
export const forbidden = (detail: string = TEXTS.forbidden) => new AppError('FORBIDDEN', detail);
export const unauthorized = (detail: string = TEXTS.unauthorized) => new AppError('UNAUTHORIZED', detail);
export const badRequest = (detail: string) => new AppError('BAD_REQUEST', detail);

/** A 422 about one field, with the same text in `detail` and in `errors`. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, 422, [{ field, message }]);
