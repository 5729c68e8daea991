import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ListReads } from './read/list-listings.js';
import { ListPlanner } from './read/list-planner.js';
import { PublicFeed } from './public-feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app's list reads share: the plan chooser and the public feed's shared pages. */
    listReads: Required<ListReads>;
  }
}

/**
 * The app's own listing reads, made per app so two apps in one process share no cache. The public
 * feed's shared pages drop what each change, on any instance, may touch.
 */
export const listingsPlugin = fp(
  async (app: FastifyInstance) => {
    const feed = new PublicFeed();
    const listings = () => feed.changed(new Set(['listings']));
    app.events.onEveryInstance('listing.created', listings);
    app.events.onEveryInstance('listing.changed', ({ photosOnly }) =>
      feed.changed(new Set([photosOnly ? 'listing_photos' : 'listings'])),
    );
    app.events.onEveryInstance('listing.removed', listings);
    app.events.onEveryInstance('listings.changed', listings);
    app.events.onEveryInstance('member.changed', () => feed.changed(new Set(['users'])));
    app.events.onEveryInstance('member.removed', () => feed.changed(new Set(['users'])));
    app.events.onEveryInstance('block.changed', () => feed.changed(new Set(['blocks'])));
    app.decorate('listReads', { planner: new ListPlanner(), feed });
  },
  { name: 'listings', dependencies: ['events'] },
);
