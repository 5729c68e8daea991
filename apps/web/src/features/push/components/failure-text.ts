import { PUSH_TEXTS } from '@gardenswap/shared/push';
import { PushSetupError } from '../api/this-device';

/** The text for a failed attempt; closing the browser's question is no failure to speak of. */
export function failureText(error: unknown): string | null {
  if (!(error instanceof PushSetupError)) return error ? PUSH_TEXTS.saveFailed : null;
  if (error.reason === 'subscribe') return PUSH_TEXTS.subscribeFailed;
  if (error.reason === 'save') return PUSH_TEXTS.saveFailed;
  // Denied: the note above the switches says so.
  return null;
}
