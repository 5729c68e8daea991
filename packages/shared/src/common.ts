import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.js';

/** The largest id: ids are 32-bit integer columns in PostgreSQL, so a larger one names nothing. */
export const ID_MAX = 2_147_483_647;

/** A positive integer id, also when it arrives as a path or form string. */
export const IdSchema = z.coerce.number().int().positive().max(ID_MAX);

export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * A boolean that also reads the strings a form or query string sends
 * ("true"/"false", "1"/"0", "on"/"off").
 */
export const FlagSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(v)) return true;
  if (['false', '0', 'off', 'no', ''].includes(v)) return false;
  return value;
}, z.boolean());

/** A number that also reads a form string; blank means "not given". */
export function formNumber(message: string) {
  return z.preprocess(
    (value) => {
      if (value === '' || value === null) return undefined;
      if (typeof value === 'string') return Number(value.trim());
      return value;
    },
    z.number({ error: message }).refine(Number.isFinite, message),
  );
}

/** An optional text that counts blank as absent. */
export function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** A required text: missing, blank and whitespace-only all say `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** `limit` of the list calls: default 50, at most 100. */
export const PageLimitSchema = z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT);

/** An ISO 8601 timestamp as the API writes it. */
export const TimestampSchema = z.string();

/**
 * Where a member's listings are shown on a map: their ZIP code's centre moved by a small offset of
 * their own (the same for every viewer, so it cannot be averaged away), never their address.
 * Null while they have no ZIP code.
 */
export const SpotSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type Spot = z.infer<typeof SpotSchema>;
