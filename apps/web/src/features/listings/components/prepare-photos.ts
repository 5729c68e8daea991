import { LISTING_PHOTOS_MAX } from '@gardenswap/shared/listing-photos';
import { compressImage } from '../../../lib/compress-image';
import { type PhotoItem, fileItem } from './photo-items';

export const tooManyText = (room: number) =>
  room > 0
    ? `You can add ${room} more photo${room === 1 ? '' : 's'} (at most ${LISTING_PHOTOS_MAX}).`
    : `A listing can have at most ${LISTING_PHOTOS_MAX} photos.`;

/**
 * Photos chosen on the form or shared into the app, made ready for upload: as many as there is
 * `room` for, each compressed in the browser (spec §5). `message` says what was left out or could
 * not be prepared, once per kind.
 */
export async function preparePhotos(files: File[], room: number): Promise<{ added: PhotoItem[]; message?: string }> {
  const taken = files.slice(0, Math.max(0, room));
  const notes: string[] = [];
  if (taken.length < files.length) notes.push(tooManyText(room));
  const added: PhotoItem[] = [];
  for (const file of taken) {
    try {
      const result = await compressImage(file);
      added.push(fileItem(result.file));
      if (result.warning) notes.push(result.warning);
    } catch (error) {
      notes.push(`${file.name}: ${(error as Error).message || 'Image processing failed.'}`);
    }
  }
  return { added, message: notes.length ? [...new Set(notes)].join(' ') : undefined };
}
