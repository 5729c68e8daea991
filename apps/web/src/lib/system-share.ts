/** What came of offering the system share sheet. */
export type SystemShareResult = 'shared' | 'cancelled' | 'unavailable';

/**
 * Opens the phone's (or the computer's) own share sheet for `data` (the Web Share API). Where there
 * is none, or it cannot share this, or it failed, the answer is 'unavailable' and the caller offers
 * its own way (a link to copy); the member closing the sheet is 'cancelled', and nothing follows.
 */
export async function shareWithSystem(data: ShareData): Promise<SystemShareResult> {
  if (typeof navigator.share !== 'function' || (navigator.canShare && !navigator.canShare(data))) return 'unavailable';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return (error as Error | null)?.name === 'AbortError' ? 'cancelled' : 'unavailable';
  }
}
