import 'fake-indexeddb/auto';
import { SHARED_PHOTOS_FIELD } from '@gardenswap/shared/share-target';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedFiles } from './share-target';
import { SHARED_PHOTOS_TTL_MS, keepSharedPhotos, takeSharedPhotos } from './shared-photos';

const file = (name: string, type: string, body = 'bytes') => new File([body], name, { type });

afterEach(async () => {
  await takeSharedPhotos();
});

describe('photos shared into the installed app', () => {
  it('reads only the files of the photos field from the shared form', () => {
    const form = new FormData();
    form.append(SHARED_PHOTOS_FIELD, file('beans.jpg', 'image/jpeg'));
    form.append(SHARED_PHOTOS_FIELD, 'not a file');
    form.append('other', file('notes.txt', 'text/plain'));
    expect(sharedFiles(form).map((f) => f.name)).toEqual(['beans.jpg']);
  });

  it('keeps images with their names, types and bytes, and hands them over once', async () => {
    await keepSharedPhotos([file('beans.jpg', 'image/jpeg', 'jpeg-bytes'), file('notes.txt', 'text/plain')]);
    const taken = await takeSharedPhotos();
    expect(taken?.map((f) => [f.name, f.type, f.size])).toEqual([['beans.jpg', 'image/jpeg', 10]]);
    expect(await taken![0]!.text()).toBe('jpeg-bytes');
    expect(await takeSharedPhotos()).toBeUndefined();
  });

  it('a later share replaces one never taken', async () => {
    await keepSharedPhotos([file('first.png', 'image/png')]);
    await keepSharedPhotos([file('second.png', 'image/png')]);
    expect((await takeSharedPhotos())?.map((f) => f.name)).toEqual(['second.png']);
  });

  it('offers nothing once the share is over an hour old, and drops it', async () => {
    await keepSharedPhotos([file('old.png', 'image/png')], 1_000);
    expect(await takeSharedPhotos(1_000 + SHARED_PHOTOS_TTL_MS + 1)).toBeUndefined();
    expect(await takeSharedPhotos(1_000)).toBeUndefined();
  });

  it('tells a share without images from no share at all', async () => {
    await keepSharedPhotos([file('notes.txt', 'text/plain')]);
    expect(await takeSharedPhotos()).toEqual([]);
  });
});
