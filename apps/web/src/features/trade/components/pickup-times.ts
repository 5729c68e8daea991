import { ApiError } from '../../../lib/api-client';

// The pickup forms and the event form read and prefill `datetime-local` values the same way.
export { instantToLocal, localToInstant } from '../../../lib/datetime-local';

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
