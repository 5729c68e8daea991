import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { removeEventPhoto, uploadEventPhoto } from './event-photo';
import { storeEvent } from './store-event';

/** What the form asks of the photo once the event is saved: a new one to send, or the stored one to remove. */
export interface PhotoChange {
  file: File | null;
  remove?: boolean;
}

/** Brings a saved event's photo in line with the form, with the upload's progress 0..1 meanwhile. */
export function useEventPhoto() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number>();
  async function sync(eventId: number, change: PhotoChange) {
    if (change.file) {
      setProgress(0);
      try {
        storeEvent(queryClient, await uploadEventPhoto(eventId, change.file, setProgress));
      } finally {
        setProgress(undefined);
      }
    } else if (change.remove) storeEvent(queryClient, await removeEventPhoto(eventId));
  }
  return { progress, sync };
}
