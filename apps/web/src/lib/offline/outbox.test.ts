import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a fresh page load would have it, over the same IndexedDB. */
const reload = async () => {
  vi.resetModules();
  return import('./outbox');
};

afterEach(async () => {
  await (await import('./outbox')).forgetOutbox(null);
});

describe('the outbox on the device', () => {
  it('keeps entries across a reload, oldest first, each member apart', async () => {
    const before = await reload();
    await before.addToOutbox(1, 'message', { content: 'first' });
    await before.addToOutbox(2, 'message', { content: 'someone else' });
    await before.addToOutbox(1, 'listing', { title: 'second', bytes: new Uint8Array([1, 2, 3]).buffer });
    await before.addToOutbox(1, 'message', { content: 'third' });

    const after = await reload();
    const entries = await after.readOutbox(1);
    expect(entries.map((e) => e.kind)).toEqual(['message', 'listing', 'message']);
    expect(entries.map((e) => e.state)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(entries[0]!.payload).toEqual({ content: 'first' });
    expect(new Uint8Array((entries[1]!.payload as { bytes: ArrayBuffer }).bytes)).toEqual(new Uint8Array([1, 2, 3]));
    expect((await after.readOutbox(2)).map((e) => e.payload)).toEqual([{ content: 'someone else' }]);
  });

  it('lets the member cancel a waiting entry, but not one being sent', async () => {
    const outbox = await reload();
    const waiting = await outbox.addToOutbox(1, 'message', { content: 'never mind' });
    const sending = await outbox.addToOutbox(1, 'message', { content: 'on its way' });
    expect(await outbox.claimEntry(1, sending.id, () => false)).toMatchObject({ state: 'sending' });

    expect(await outbox.cancelEntry(1, waiting.id)).toBe(true);
    expect(await outbox.cancelEntry(1, sending.id)).toBe(false);
    expect((await outbox.readOutbox(1)).map((e) => e.payload)).toEqual([{ content: 'on its way' }]);
  });

  it('gives an entry to one sender only', async () => {
    const outbox = await reload();
    const entry = await outbox.addToOutbox(1, 'message', { content: 'once' });
    const claims = await Promise.all([
      outbox.claimEntry(1, entry.id, () => false),
      outbox.claimEntry(1, entry.id, () => false),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('forgets every member but the one signed in, and everyone for a guest', async () => {
    const outbox = await reload();
    await outbox.addToOutbox(1, 'message', { content: 'mine' });
    await outbox.addToOutbox(2, 'message', { content: 'theirs' });
    await outbox.forgetOutbox(1);
    expect(await outbox.readOutbox(1)).toHaveLength(1);
    expect(await outbox.readOutbox(2)).toHaveLength(0);
    await outbox.forgetOutbox(null);
    expect(await outbox.readOutbox(1)).toHaveLength(0);
  });
});
