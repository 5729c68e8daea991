/** A listing of a list's page, before its row is read: its id and what its cursor needs. */
export interface IdRow {
  id: number;
  price: number;
  /** A ring's nearness (squared degrees), when its owner has a known postcode. */
  nearness?: number;
  /** How wide (miles) the ring it was read from was: where the next page's first ring starts. */
  ringWidth?: number;
}

/** An ordered list of rows, read from any point, or counted up to a bound. */
export interface Stream {
  count(cap: number): Promise<number>;
  rows(offset: number, limit: number): Promise<IdRow[]>;
  /** Up to `limit` of its rows in no order: read no further than a count up to `limit` is. */
  unordered?(limit: number): Promise<IdRow[]>;
}

/**
 * Rows `skip` to `skip + take` of ordered streams read one after the other, reading each only
 * as far as the page needs: a stream wholly before the page is counted (up to what is left to
 * skip), never sorted or returned. `from`: the index of the stream each row came from.
 */
export async function pageOfStreams(streams: Stream[], skip: number, take: number) {
  const rows: IdRow[] = [];
  const from: number[] = [];
  for (const [i, stream] of streams.entries()) {
    if (rows.length >= take) break;
    const before = skip > 0 ? await stream.count(skip) : 0;
    skip -= before;
    if (skip > 0) continue;
    const read = await stream.rows(before, take - rows.length);
    rows.push(...read);
    from.push(...read.map(() => i));
  }
  return { rows, from };
}
