import { ApiError } from '../../../lib/api-client';

/** The server's own words for a refused step, or a fallback when it said nothing a person can read. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.detail ? error.detail : fallback;
