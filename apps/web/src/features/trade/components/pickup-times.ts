import { ApiError } from '../../../lib/api-client';

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value ("2026-12-12T10:30") as a UTC instant, read in the browser's zone. */
export const localToInstant = (value: string) => new Date(value).toISOString();

/** An instant as a `datetime-local` value in the browser's zone, to prefill a form. */
export function instantToLocal(iso: string | number) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The server's field errors of a refused offer, under the form's fields. */
export interface PickupFieldErrors {
  /** About the times as a whole (none, too many, repeated). */
  times?: string;
  /** About one time, by its index. */
  time: (string | undefined)[];
  place?: string;
}

/**
 * The field errors of a 422 about pickup times, or undefined when it named none of them; `prefix`
 * is where the offer sits in the body ("pickup." in a reservation).
 */
export function pickupFieldErrors(error: unknown, prefix = ''): PickupFieldErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const found: PickupFieldErrors = { time: [] };
  let named = false;
  for (const { field, message } of error.errors) {
    if (!field.startsWith(prefix)) continue;
    const [name, index] = field.slice(prefix.length).split('.');
    if (name === 'times' && index !== undefined && /^\d+$/.test(index)) found.time[Number(index)] ??= message;
    else if (name === 'times') found.times ??= message;
    else if (name === 'place') found.place ??= message;
    else continue;
    named = true;
  }
  return named ? found : undefined;
}
