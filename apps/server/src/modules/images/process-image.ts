import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, THUMBNAIL_SIDE, TEXTS } from '@gardenswap/shared';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.js';

/** Formats we take, as sharp names them after decoding (AVIF is an AV1-coded HEIF). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface ProcessedImage {
  contentType: 'image/webp';
  image: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer; width: number; height: number };
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.imageUnsupported);

/**
 * Validates an upload by decoding it (name and MIME type are never trusted), turns it
 * upright, drops every metadata field (EXIF and its GPS position included), caps the long
 * side at 1920 px and makes a 480 px thumbnail. Both come out as WebP.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TEXTS.imageTooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupported();
  if (meta.format === 'heif' && meta.compression !== 'av1') throw unsupported();
  if (!meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', TEXTS.imageTooManyPixels);

  const render = async (side: number, quality: number) => {
    // sharp writes no metadata unless asked to (keepMetadata/withMetadata), so EXIF, GPS,
    // XMP and ICC comments are all gone from what it encodes.
    const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const [image, thumbnail] = await Promise.all([render(IMAGE_MAX_SIDE, 82), render(THUMBNAIL_SIDE, 75)]);
    return { contentType: 'image/webp', image, thumbnail };
  } catch {
    // A header that decodes but a body that does not (a truncated or corrupt file).
    throw unsupported();
  }
}
