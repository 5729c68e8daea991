import { PAGE_LIMIT_MAX } from '@gardenswap/shared';
import { LRUCache } from 'lru-cache';
import type { Coordinates } from '../../lib/geo.js';
import type { PhotoRow } from './listing-photos.queries.js';
import type { ListingRow } from './read/listing-row.js';

/**
 * How long what the feed holds is trusted without hearing of a change. Changes made through
 * this process are heard as they commit (domain events), another instance's through Redis; one that is not
 * heard (Redis away, a command-line tool's) reaches this one's public feed within this, as a
 * logout reaches a session check (plugins/auth.ts).
 */
export const PUBLIC_FEED_TRUST_MS = 1000;

/**
 * How many of the newest open listings the head holds: two of the longest pages, so that a
 * viewer's own listings and the members they block rarely leave it short of a page.
 */
export const HEAD_ROWS = 2 * PAGE_LIMIT_MAX;

/** How many viewers, listings, list rows and written pages per head are kept at most. */
const VIEWERS_MAX = 10_000;
const LISTINGS_MAX = 10_000;
const ROWS_MAX = 20_000;
const PAGES_MAX = 100;

export interface Head {
  /** Newest first, each open to every member (see `openToEveryone`), whoever their owner. */
  rows: ListingRow[];
  /** True when these are all the open listings there are. */
  complete: boolean;
  /** Pages as sent, written from these rows, by what sets them apart (see `written`). */
  pages: Map<string, Buffer>;
}

/** A listing open to every member (`openToEveryone`) and its photos in order, as its page shows them. */
export interface OpenListing {
  row: ListingRow;
  photos: PhotoRow[];
}

/** What of a viewer decides their public feed besides the head. */
export interface FeedViewer {
  coordinates: Coordinates | null;
  /** Members the viewer blocked or is blocked by. */
  blocked: ReadonlySet<number>;
}

/**
 * Values read once and shared until a change drops them (`drop`) or their trust runs out.
 * What was read while a drop happened is handed to the readers that asked before it but not
 * kept: each read is tagged with the generation it started in. Readers of one key arriving
 * together share one read.
 */
class SharedReads<K extends string | number, V> {
  private generation = 0;
  /** What was read, each for as long as it is trusted from when it was asked for, the least recently used dropped past `max`. */
  private readonly held: LRUCache<K, { value: V; generation: number }>;
  /** Reads in flight; one of `getMany` answers undefined for a key it did not find. */
  private readonly reading = new Map<K, { generation: number; value: Promise<V | undefined> }>();

  constructor(
    max: number,
    private readonly trustMs: number,
  ) {
    this.held = new LRUCache({ max, ttl: trustMs });
  }

  drop() {
    this.generation += 1;
    this.held.clear();
  }

  async get(key: K, read: () => Promise<V>): Promise<V> {
    const held = this.fresh(key);
    if (held) return held.value;
    const pending = this.reading.get(key);
    // Only `get` reads the keys it is asked for (a SharedReads serves one or the other).
    if (pending?.generation === this.generation) return pending.value as Promise<V>;
    const generation = this.generation;
    // Trusted from when it is asked for: what commits elsewhere after that is at most trustMs late.
    const until = Date.now() + this.trustMs;
    const reading = read();
    this.reading.set(key, { generation, value: reading });
    try {
      const value = await reading;
      this.keep(key, value, generation, until);
      return value;
    } finally {
      if (this.reading.get(key)?.value === reading) this.reading.delete(key);
    }
  }

  /**
   * The values of `keys` held, and those of the rest read at once with `read` (which leaves out
   * any key it does not find): one read for a whole page. Keys another reader is reading already
   * come from that read.
   */
  async getMany(keys: readonly K[], read: (keys: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    const found = new Map<K, V>();
    const missing: K[] = [];
    const awaited: [K, Promise<V | undefined>][] = [];
    for (const key of keys) {
      const held = this.fresh(key);
      const pending = this.reading.get(key);
      if (held) found.set(key, held.value);
      else if (pending?.generation === this.generation) awaited.push([key, pending.value]);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const until = Date.now() + this.trustMs;
      const reading = read(missing);
      const entries = missing.map((key) => {
        const value = reading.then((m) => m.get(key));
        // A failed read fails its own reader; those awaiting a key of it see it when they do.
        value.catch(() => undefined);
        return [key, { generation, value }] as const;
      });
      for (const [key, entry] of entries) this.reading.set(key, entry);
      try {
        for (const [key, value] of await reading) {
          this.keep(key, value, generation, until);
          found.set(key, value);
        }
      } finally {
        for (const [key, entry] of entries) if (this.reading.get(key) === entry) this.reading.delete(key);
      }
    }
    for (const [key, pending] of awaited) {
      const value = await pending;
      if (value !== undefined) found.set(key, value);
    }
    return found;
  }

  private fresh(key: K) {
    const held = this.held.get(key);
    return held && held.generation === this.generation ? held : undefined;
  }

  /** Keeps a value read in `generation`, unless a change came since, until its trust runs out. */
  private keep(key: K, value: V, generation: number, until: number) {
    const ttl = until - Date.now();
    if (generation !== this.generation || ttl <= 0) return;
    this.held.set(key, { value, generation }, { ttl });
  }
}

/**
 * What every member sees alike, shared: the newest pages of the public feed, and the open
 * listings' own pages. Every member's feed is the newest open listings (the head) less their own
 * and those of members blocked either way, with distances from their postcode: so the head is
 * read once for everyone, what sets a viewer apart once per viewer, and a page as sent once per
 * head and postcode. An open listing's page is the same for every member but those blocked
 * either way with its owner, but for the distance: it is read once for everyone too. A busy feed
 * or a much-visited listing then costs a query per change instead of one or more per request.
 * Every other list finds its page's ids for its viewer and takes their rows from those shared
 * here (`listRows`): making the rows' columns into values cost SQLite more than finding them.
 */
export class PublicFeed {
  private readonly heads: SharedReads<'head', Head>;
  private readonly viewers: SharedReads<number, FeedViewer>;
  private readonly listings: SharedReads<number, OpenListing | null>;
  private readonly rows: SharedReads<number, ListingRow>;

  constructor(trustMs = PUBLIC_FEED_TRUST_MS) {
    this.heads = new SharedReads(1, trustMs);
    this.viewers = new SharedReads(VIEWERS_MAX, trustMs);
    this.listings = new SharedReads(LISTINGS_MAX, trustMs);
    this.rows = new SharedReads(ROWS_MAX, trustMs);
  }

  /**
   * What a committed change wrote (`listings`, `listing_photos`, `users`, `blocks`; the events
   * listings.plugin.ts hears): drops what it may touch.
   */
  changed(tables: ReadonlySet<string>) {
    // A listing, or its owner's name, place or picture.
    if (tables.has('listings') || tables.has('users')) {
      this.heads.drop();
      this.rows.drop();
    }
    // The same, or a listing's photos.
    if (tables.has('listings') || tables.has('users') || tables.has('listing_photos')) this.listings.drop();
    // A member's postcode, or a block.
    if (tables.has('users') || tables.has('blocks')) this.viewers.drop();
  }

  /** Drops everything held: a write no event told of (see `PUBLIC_FEED_TRUST_MS`). */
  forget() {
    this.changed(new Set(['listings', 'listing_photos', 'users', 'blocks']));
  }

  /** The head, read with `read(rows)` (the newest `rows` open listings) when not held. */
  head(read: (rows: number) => Promise<ListingRow[]>): Promise<Head> {
    return this.heads.get('head', async () => {
      const rows = await read(HEAD_ROWS + 1);
      return { rows: rows.slice(0, HEAD_ROWS), complete: rows.length <= HEAD_ROWS, pages: new Map() };
    });
  }

  /** What sets the viewer's feed apart, read with `read` when not held. */
  viewer(viewerId: number, read: () => Promise<FeedViewer>): Promise<FeedViewer> {
    return this.viewers.get(viewerId, read);
  }

  /**
   * The listing with this id if it is open to every member, null if not (or not there), read with
   * `read` when not held.
   */
  listing(id: number, read: () => Promise<OpenListing | null>): Promise<OpenListing | null> {
    return this.listings.get(id, read);
  }

  /**
   * The rows of these listings as lists show them (`listingSelect`), by id: those not held read
   * with `read`, which leaves out a listing no longer there. A row is the same whoever reads it;
   * which listings a viewer may see, the list's own query of ids has decided.
   */
  listRows(ids: readonly number[], read: (ids: number[]) => Promise<Map<number, ListingRow>>) {
    return this.rows.getMany(ids, read);
  }

  /**
   * A page of `head` as sent: its rows (by id) and the viewer's postcode decide every byte of
   * it (photos of open listings have plain paths), so viewers of one postcode share it.
   */
  written(head: Head, rows: ListingRow[], viewer: FeedViewer, write: () => string): Buffer {
    const at = viewer.coordinates ? `${viewer.coordinates.latitude},${viewer.coordinates.longitude}` : '-';
    const key = `${at} ${rows.map((row) => row.id).join(',')}`;
    let page = head.pages.get(key);
    if (!page) {
      page = Buffer.from(write());
      if (head.pages.size < PAGES_MAX) head.pages.set(key, page);
    }
    return page;
  }
}
