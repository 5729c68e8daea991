import type { ListingPhoto } from '@gardenswap/shared/listing-photos';
import { imageUrl } from '../../../lib/api-client';

/**
 * One photo on the post or edit form: either stored already (`photoId`), or chosen in this
 * browser and still to be uploaded (`file`), with its own progress and error.
 */
export interface PhotoItem {
  key: string;
  /** What the form shows: the stored thumbnail, or a preview of the chosen file. */
  url: string;
  photoId?: number;
  file?: File;
  /** Upload progress 0..1 while it is being sent. */
  progress?: number;
  error?: string;
}

let counter = 0;
const nextKey = () => `photo-${++counter}`;

/** The stored photos of a listing, in its order. */
export const storedItems = (photos: ListingPhoto[] = []): PhotoItem[] =>
  photos.map((p) => ({ key: `stored-${p.id}`, url: imageUrl(p.thumbnail)!, photoId: p.id }));

/** A photo just chosen (already compressed), waiting for upload. */
export const fileItem = (file: File): PhotoItem => ({ key: nextKey(), url: URL.createObjectURL(file), file });

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
