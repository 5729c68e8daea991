/** The spec's photo rules (§5, §9): at most 3 MB and 1920 px on the long side. */
export const IMAGE_TARGET_BYTES = 3 * 1024 * 1024;
export const IMAGE_TARGET_SIDE = 1920;
export const QUALITY_START = 0.9;
export const QUALITY_FLOOR = 0.2;
export const QUALITY_STEP = 0.1;

export const TOO_LARGE_TEXT = "Couldn't compress below 3 MB; please choose a smaller image.";
export const PROCESSING_FAILED_TEXT = 'Image processing failed.';
export const NOT_AN_IMAGE_TEXT = 'Please choose an image file.';

export class ImageTooLargeError extends Error {
  constructor() {
    super(TOO_LARGE_TEXT);
  }
}

/** Encodes the (already resized) picture at a quality from 0 to 1. */
export type Encoder = (quality: number) => Promise<Blob>;

/**
 * The spec's loop: start at quality 0.9 and step down by 0.1 while the result is over
 * 3 MB and the quality is above 0.2. Still too large: ImageTooLargeError.
 */
export async function encodeWithinLimit(encode: Encoder, limit = IMAGE_TARGET_BYTES): Promise<Blob> {
  let quality = QUALITY_START;
  let blob = await encode(quality);
  // Rounding keeps 0.9 - 0.1 - ... landing on tenths (0.2 included).
  while (blob.size > limit && quality > QUALITY_FLOOR + 1e-9) {
    quality = Math.round((quality - QUALITY_STEP) * 10) / 10;
    blob = await encode(quality);
  }
  if (blob.size > limit) throw new ImageTooLargeError();
  return blob;
}

/** The size that fits the long side into 1920 px, never enlarging. */
export function fitWithin(width: number, height: number, side = IMAGE_TARGET_SIDE) {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function canvasEncoder(bitmap: ImageBitmap): Encoder {
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(PROCESSING_FAILED_TEXT);
  context.drawImage(bitmap, 0, 0, width, height);
  return (quality) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error(PROCESSING_FAILED_TEXT))),
        'image/jpeg',
        quality,
      ),
    );
}

export interface CompressedImage {
  /** What to upload: the compressed picture, or the original when compression failed. */
  file: File;
  /** Shown to the member when compression failed (the original is used anyway). */
  warning?: string;
}

/**
 * Prepares a chosen photo for upload in the browser. Not an image, or too large even at the
 * lowest quality: an error, and nothing is used. Any other failure: the original is used
 * and the error is shown.
 */
export async function compressImage(
  file: File,
  makeEncoder: (file: File) => Promise<Encoder> = defaultEncoder,
): Promise<CompressedImage> {
  if (!file.type.startsWith('image/')) throw new Error(NOT_AN_IMAGE_TEXT);
  let encode: Encoder;
  try {
    encode = await makeEncoder(file);
  } catch (error) {
    return { file, warning: (error as Error)?.message || PROCESSING_FAILED_TEXT };
  }
  try {
    const blob = await encodeWithinLimit(encode);
    const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
    return { file: new File([blob], name, { type: 'image/jpeg' }) };
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw error;
    return { file, warning: (error as Error)?.message || PROCESSING_FAILED_TEXT };
  }
}

async function defaultEncoder(file: File): Promise<Encoder> {
  // createImageBitmap honours EXIF orientation, so portrait phone photos stay upright.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return canvasEncoder(bitmap);
}
