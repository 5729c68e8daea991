import { describe, expect, it } from 'vitest';
import type { ListingRow } from './read/listing-row.js';
import { PublicFeed } from './public-feed.js';

/** A read of the head that answers when told to, counting how many were started. */
function reads() {
  const started: ((rows: ListingRow[]) => void)[] = [];
  return {
    started,
    read: () => new Promise<ListingRow[]>((resolve) => started.push(resolve)),
  };
}

const row = (id: number) => ({ id, owner_id: 1 }) as ListingRow;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the shared public feed', () => {
  it('shares one read between readers arriving together, and keeps it', async () => {
    const feed = new PublicFeed();
    const { started, read } = reads();
    const first = feed.head(read);
    const second = feed.head(read);
    expect(started).toHaveLength(1);
    started[0]!([row(2), row(1)]);
    expect((await first).rows).toEqual([row(2), row(1)]);
    expect(await second).toBe(await first);
    expect(await feed.head(read)).toBe(await first);
    expect(started).toHaveLength(1);
  });

  it('does not keep a head read while a change committed, nor hand it to a reader after the change', async () => {
    const feed = new PublicFeed();
    const { started, read } = reads();
    const before = feed.head(read);
    feed.changed(new Set(['listings']));
    const after = feed.head(read);
    expect(started).toHaveLength(2);
    started[0]!([row(1)]);
    started[1]!([row(2), row(1)]);
    expect((await before).rows).toEqual([row(1)]);
    expect((await after).rows).toEqual([row(2), row(1)]);
    expect(await feed.head(read)).toBe(await after);
    expect(started).toHaveLength(2);
  });

  it('drops the head on a change to listings or members, an open listing also on one to photos, and a viewer on one to members or blocks', async () => {
    const feed = new PublicFeed();
    const { started, read } = reads();
    let viewerReads = 0;
    let listingReads = 0;
    const viewer = () => feed.viewer(7, async () => ((viewerReads += 1), { coordinates: null, blocked: new Set() }));
    const listing = () => feed.listing(5, async () => ((listingReads += 1), { row: row(5), photos: [] }));
    const head = async () => {
      const pending = feed.head(read);
      await tick();
      started.at(-1)!([]);
      return pending;
    };
    const readsAfter = async (tables: string[], headRead: () => Promise<unknown>) => {
      feed.changed(new Set(tables));
      await headRead();
      await viewer();
      await listing();
      return [started.length, viewerReads, listingReads];
    };
    expect(await readsAfter([], head)).toEqual([1, 1, 1]);
    expect(await readsAfter(['messages'], () => feed.head(read))).toEqual([1, 1, 1]);
    expect(await readsAfter(['blocks'], () => feed.head(read))).toEqual([1, 2, 1]);
    expect(await readsAfter(['listing_photos'], () => feed.head(read))).toEqual([1, 2, 2]);
    expect(await readsAfter(['listings'], head)).toEqual([2, 2, 3]);
    expect(await readsAfter(['users'], head)).toEqual([3, 3, 4]);
  });

  it('reads again once its trust is up, changes or not', async () => {
    const feed = new PublicFeed(30);
    const { started, read } = reads();
    const first = feed.head(read);
    started[0]!([row(1)]);
    await first;
    await new Promise((r) => setTimeout(r, 40));
    const again = feed.head(read);
    expect(started).toHaveLength(2);
    started[1]!([]);
    expect((await again).rows).toEqual([]);
  });

  it('tells whether the head holds every open listing there is', async () => {
    const feed = new PublicFeed();
    const few = await feed.head(async (rows) => Array.from({ length: rows - 1 }, (_, i) => row(i + 1)));
    expect(few.complete).toBe(true);
    feed.changed(new Set(['listings']));
    const many = await feed.head(async (rows) => Array.from({ length: rows }, (_, i) => row(i + 1)));
    expect(many.complete).toBe(false);
    expect(many.rows).toHaveLength(few.rows.length);
  });

  it('shares list rows by id, reading only those it does not hold, in one read, and keeps none read while a change committed', async () => {
    const feed = new PublicFeed();
    const asked: number[][] = [];
    const read = async (ids: number[]) => (
      asked.push(ids),
      new Map(ids.filter((id) => id !== 404).map((id) => [id, row(id)]))
    );
    expect([...(await feed.listRows([3, 2, 1], read)).keys()]).toEqual([3, 2, 1]);
    expect([...(await feed.listRows([4, 3, 404, 1], read)).keys()].sort()).toEqual([1, 3, 4]);
    expect(asked).toEqual([
      [3, 2, 1],
      [4, 404],
    ]);

    // Photos and blocks leave rows as they are; listings and members drop them.
    feed.changed(new Set(['listing_photos', 'blocks']));
    await feed.listRows([1, 2], read);
    expect(asked).toHaveLength(2);
    for (const table of ['listings', 'users']) {
      feed.changed(new Set([table]));
      await feed.listRows([1], read);
      expect(asked.at(-1)).toEqual([1]);
    }
    expect(asked).toHaveLength(4);

    // A read during which a change committed is answered but not kept.
    let answer: (rows: Map<number, ListingRow>) => void = () => {};
    const racing = feed.listRows([7], () => new Promise((resolve) => (answer = resolve)));
    feed.changed(new Set(['listings']));
    answer(new Map([[7, row(7)]]));
    expect((await racing).get(7)).toEqual(row(7));
    await feed.listRows([7], read);
    expect(asked.at(-1)).toEqual([7]);
  });

  it('reads a list row once for readers arriving together, and a failed read fails only those who wait on it', async () => {
    const feed = new PublicFeed();
    const asked: number[][] = [];
    const answers: (() => void)[] = [];
    const read = (ids: number[]) => {
      asked.push(ids);
      return new Promise<Map<number, ListingRow>>((resolve) => {
        answers.push(() => resolve(new Map(ids.map((id) => [id, row(id)]))));
      });
    };
    const first = feed.listRows([1, 2], read);
    const second = feed.listRows([2, 3], read);
    expect(asked).toEqual([[1, 2], [3]]);
    for (const answer of answers) answer();
    expect([...(await second).keys()].sort()).toEqual([2, 3]);
    expect([...(await first).keys()]).toEqual([1, 2]);

    feed.changed(new Set(['listings']));
    const failing = feed.listRows([5], () => Promise.reject(new Error('database away')));
    const waiting = feed.listRows([5], read);
    await expect(failing).rejects.toThrow('database away');
    await expect(waiting).rejects.toThrow('database away');
    await feed.listRows([5], async (ids) => (asked.push(ids), new Map([[5, row(5)]])));
    expect(asked.at(-1)).toEqual([5]);
  });
});
