import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /events/{id}/calendar.ics for its host and the members going: fetched with the session (a
 * plain link would go without it) and saved as event.ics.
 */
export function useDownloadEventCalendar(id: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiResponse(`/events/${id}/calendar.ics`);
      saveFile(await response.blob(), 'event.ics');
    },
  });
}
