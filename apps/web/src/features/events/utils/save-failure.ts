import { ApiError, errorText } from '../../../lib/api-client';

/** A refused save as the form shows it: the server's field errors under their fields, and one line above. */
export function saveFailure(error: unknown, fallback: string) {
  const fieldErrors =
    error instanceof ApiError && error.status === 422 && error.errors.length ? error.errors : undefined;
  return { fieldErrors, message: fieldErrors ? 'Please correct the fields marked below.' : errorText(error, fallback) };
}
