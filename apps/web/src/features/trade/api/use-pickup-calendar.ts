import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';

/** Hands a file to the browser as a download under the given name. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked once the click has handed the file over, not before.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * GET /listings/{id}/pickup.ics: fetched with the session (a plain link would go without it) and
 * saved as pickup.ics.
 */
export function useDownloadPickupCalendar(listingId: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiResponse(`/listings/${listingId}/pickup.ics`);
      saveFile(await response.blob(), 'pickup.ics');
    },
  });
}
