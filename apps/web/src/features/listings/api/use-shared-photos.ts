import { LISTING_PHOTOS_MAX } from '@gardenswap/shared/listing-photos';
import { PWA_TEXTS } from '@gardenswap/shared/pwa-texts';
import { useEffect, useRef, useState } from 'react';
import { takeSharedPhotos } from '../../../sw/shared-photos';
import type { PhotoItem } from '../components/photo-items';
import { preparePhotos } from '../components/prepare-photos';

/**
 * The photos shared into the installed app (the system share sheet, then the service worker),
 * taken from the device once when the post form opens for them (`opened`), prepared as photos
 * chosen on the form are, and handed to `onPhotos`. `notice` tells the member what came of it.
 */
export function useSharedPhotos(opened: boolean, onPhotos: (added: PhotoItem[]) => void) {
  const [notice, setNotice] = useState<string>();
  const taken = useRef(false);
  const deliver = useRef(onPhotos);
  deliver.current = onPhotos;

  useEffect(() => {
    if (!opened || taken.current) return;
    taken.current = true;
    void (async () => {
      const files = await takeSharedPhotos().catch(() => undefined);
      if (!files?.length) return setNotice(PWA_TEXTS.sharedPhotosMissing);
      const { added, message } = await preparePhotos(files, LISTING_PHOTOS_MAX);
      deliver.current(added);
      setNotice(message ?? PWA_TEXTS.sharedPhotosAdded);
    })();
  }, [opened]);

  return { notice };
}
