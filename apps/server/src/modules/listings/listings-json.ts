import type { Listing } from '@gardenswap/shared';
import { photosOpen } from '../images/photo-urls.js';
import { type ListingRow, photoAccess } from './read/listing-row.js';

const DISTANCE = '"distance_miles":';
const NO_DISTANCE = `${DISTANCE}null`;

/**
 * A list page's JSON, each listing's written once. Writing a page of fifty listings cost more
 * than finding them. A listing whose photos are open to all reads the same for every viewer but
 * for its distance, so its JSON is kept beside the row it was made from, in two halves around
 * the distance, for as long as that row is shared (`PublicFeed` drops it on any change that may
 * touch it). Any other listing carries photo links signed for its viewer, and is written for
 * each page.
 */
export class ListingsJson {
  private readonly halves = new WeakMap<ListingRow, readonly [string, string]>();

  /**
   * The JSON array of `listings`, made from `rows` in the same order. `serialize` is the
   * route's own serializer of a listings array, so the bytes are those it would write.
   */
  page(rows: readonly ListingRow[], listings: readonly Listing[], serialize: (listings: Listing[]) => string): string {
    const written = listings.map((listing, i) => {
      const row = rows[i]!;
      if (!photosOpen(photoAccess(row))) return serialize([listing]).slice(1, -1);
      let halves = this.halves.get(row);
      if (!halves) {
        const json = serialize([{ ...listing, distance_miles: null }]).slice(1, -1);
        // A key cannot appear inside a string value, whose quotes are escaped.
        const at = json.indexOf(NO_DISTANCE);
        if (at < 0) return serialize([listing]).slice(1, -1);
        halves = [json.slice(0, at + DISTANCE.length), json.slice(at + NO_DISTANCE.length)];
        this.halves.set(row, halves);
      }
      return `${halves[0]}${listing.distance_miles === null ? 'null' : listing.distance_miles}${halves[1]}`;
    });
    return `[${written.join(',')}]`;
  }
}
