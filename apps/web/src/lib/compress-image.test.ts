import { describe, expect, it } from 'vitest';
import {
  IMAGE_TARGET_BYTES,
  ImageTooLargeError,
  NOT_AN_IMAGE_TEXT,
  TOO_LARGE_TEXT,
  compressImage,
  encodeWithinLimit,
  fitWithin,
} from './compress-image';

const blobOf = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

describe('encodeWithinLimit', () => {
  it('keeps quality 0.9 when the first encoding fits', async () => {
    const qualities: number[] = [];
    const blob = await encodeWithinLimit(async (q) => (qualities.push(q), blobOf(1000)));
    expect(qualities).toEqual([0.9]);
    expect(blob.size).toBe(1000);
  });

  it('steps down by 0.1 until it fits', async () => {
    const qualities: number[] = [];
    await encodeWithinLimit(async (q) => (qualities.push(q), blobOf(q > 0.55 ? IMAGE_TARGET_BYTES + 1 : 10)));
    expect(qualities).toEqual([0.9, 0.8, 0.7, 0.6, 0.5]);
  });

  it('stops at 0.2 and says the spec text when it never fits', async () => {
    const qualities: number[] = [];
    const attempt = encodeWithinLimit(async (q) => (qualities.push(q), blobOf(IMAGE_TARGET_BYTES + 1)));
    await expect(attempt).rejects.toThrow(TOO_LARGE_TEXT);
    await expect(attempt).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(qualities).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2]);
  });
});

describe('fitWithin', () => {
  it('caps the long side at 1920 px and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(1000, 3840)).toEqual({ width: 500, height: 1920 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('compressImage', () => {
  const photo = new File([new Uint8Array(10)], 'tomatoes.png', { type: 'image/png' });

  it('gives a JPEG under 3 MB', async () => {
    const result = await compressImage(photo, async () => async () => blobOf(2000));
    expect(result.file.type).toBe('image/jpeg');
    expect(result.file.name).toBe('tomatoes.jpg');
    expect(result.warning).toBeUndefined();
  });

  it('keeps the original and shows the error when the picture cannot be processed', async () => {
    const result = await compressImage(photo, async () => {
      throw new Error('decode failed');
    });
    expect(result.file).toBe(photo);
    expect(result.warning).toBe('decode failed');
  });

  it('refuses files that are not images', async () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(compressImage(text)).rejects.toThrow(NOT_AN_IMAGE_TEXT);
  });

  it('refuses a picture that stays over 3 MB', async () => {
    await expect(compressImage(photo, async () => async () => blobOf(IMAGE_TARGET_BYTES + 10))).rejects.toThrow(
      TOO_LARGE_TEXT,
    );
  });
});
