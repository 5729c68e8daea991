import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

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
