import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import { UPLOADS_PREFIX } from '../images/photo-urls.js';
import {
  exportBlocks,
  exportEmails,
  exportEvents,
  exportFriends,
  exportListings,
  exportMessages,
  exportNotifications,
  exportProfile,
  exportPushDevices,
  exportReports,
  exportTrades,
  exportWants,
  photosOf,
} from './account.queries.js';

const README = `Your Gardenswap data
====================

profile.json        your profile (name, e-mail, address, settings, which e-mails and
                    push notifications you get)
listings.json       every listing of yours, paused and friends-only ones too
want-list.json      your want list
friends.json        your friends and the friend requests you sent or received
messages.json       every message you sent or received
notifications.json  what the app told you
blocks.json         the members you blocked
reports.json        the reports you made
trades.json         the listings you asked for, your trades, and the thanks you gave and were given
events.json         the events you host, and those you said you are going to
emails.json         the e-mails Gardenswap wrote to you
push-devices.json   the browsers that get your push notifications: since when, and
                    through which push service
photos/             your profile picture, your listings' photos (listing-7 is the
                    cover of listing 7, listing-7-2 its second photo, and so on) and
                    your events' photos (event-3)

Dates are in UTC (ISO 8601).
`;

/** A JSON array written element by element, so a long history is never one string in memory. */
async function* jsonArray(items: AsyncIterable<unknown> | Iterable<unknown>) {
  let first = true;
  yield '[';
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* jsonValue(read: () => Promise<unknown>) {
  yield `${JSON.stringify(await read(), null, 2)}\n`;
}

/**
 * The member's data as a ZIP, streamed as it is made: each file is read from the database (a page
 * at a time) or the image store only once the ZIP is ready to take it, and the next only after it,
 * so memory holds one page or one photo whatever the member's history. A download the client
 * abandons stops the work.
 */
export function exportArchive(app: FastifyInstance, userId: number): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const mtime = new Date();
  let stopped = false;
  output.once('close', () => (stopped = true));

  /** Adds one file and waits until the ZIP has read it all. */
  async function add(name: string, content: AsyncIterable<string | Buffer> | Readable) {
    const stream = content instanceof Readable ? content : Readable.from(content);
    const stop = () => stream.destroy();
    output.once('close', stop);
    zip.addReadStream(stream, name, { mtime, compress: !name.endsWith('.webp') });
    try {
      await finished(stream);
    } finally {
      output.off('close', stop);
    }
  }

  async function photo(path: string | null, name: string) {
    if (stopped || !path?.startsWith(UPLOADS_PREFIX)) return;
    const stored = await app.images.store.get(path.slice(UPLOADS_PREFIX.length));
    if (!stored) return;
    const extension = path.split('.').pop();
    await add(`photos/${name}.${extension}`, Buffer.isBuffer(stored.body) ? Readable.from([stored.body]) : stored.body);
  }

  async function build() {
    const db = app.db;
    zip.addBuffer(Buffer.from(README), 'README.txt', { mtime });
    const profile = await exportProfile(db, userId);
    const files: [string, AsyncIterable<string>][] = [
      ['profile.json', jsonValue(async () => profile)],
      ['listings.json', jsonArray(exportListings(db, userId))],
      ['want-list.json', jsonArray(exportWants(db, userId))],
      ['friends.json', jsonValue(() => exportFriends(db, userId))],
      ['messages.json', jsonArray(exportMessages(db, userId))],
      ['notifications.json', jsonArray(exportNotifications(db, userId))],
      ['blocks.json', jsonValue(() => exportBlocks(db, userId))],
      ['reports.json', jsonArray(exportReports(db, userId))],
      ['trades.json', jsonValue(() => exportTrades(db, userId))],
      ['events.json', jsonValue(() => exportEvents(db, userId))],
      ['emails.json', jsonArray(exportEmails(db, profile.email))],
      ['push-devices.json', jsonValue(() => exportPushDevices(db, userId))],
    ];
    for (const [name, content] of files) if (!stopped) await add(name, content);
    const photos = await photosOf(db, userId);
    await photo(photos.profilePicture, 'profile-picture');
    const galleries = new Set(photos.listingPhotos.map((p) => p.listing_id));
    // A listing's photos in its order: `listing-7` is its cover, `listing-7-2` the next, and so on.
    for (const listing of photos.listings)
      if (!galleries.has(listing.id)) await photo(listing.featured_image, `listing-${listing.id}`);
    let previous: number | undefined;
    let n = 0;
    for (const p of photos.listingPhotos) {
      n = p.listing_id === previous ? n + 1 : 1;
      previous = p.listing_id;
      await photo(p.image, n === 1 ? `listing-${p.listing_id}` : `listing-${p.listing_id}-${n}`);
    }
    for (const event of photos.events) await photo(event.photo, `event-${event.id}`);
    zip.end();
  }

  build().catch((error: unknown) => {
    // The headers are gone already: all that is left is to cut the download, so it cannot pass for whole.
    if (!stopped) app.log.error({ err: error }, 'data export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
