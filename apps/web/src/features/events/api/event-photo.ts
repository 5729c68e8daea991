import type { Event } from '@gardenswap/shared/events';
import { api, apiUpload } from '../../../lib/api-client';

/** PUT /events/{id}/photo: the photo (already compressed in the browser) replaces any it had, with upload progress 0..1. */
export function uploadEventPhoto(id: number, image: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('image', image);
  return apiUpload<Event>(`/events/${id}/photo`, form, { method: 'PUT', onProgress });
}

/** DELETE /events/{id}/photo */
export const removeEventPhoto = (id: number) => api<Event>(`/events/${id}/photo`, { method: 'DELETE' });
