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

/** The app's own listing reads: made per app, so two apps in one process share no cache. */
export const listingsPlugin = fp(
  async (app: FastifyInstance) => {
    const feed = new PublicFeed();
    // The public feed's shared pages are dropped by each change that may touch them.
    app.realtime.onTablesWritten(PublicFeed.TABLES, (tables) => feed.changed(tables));
    app.decorate('listReads', { planner: new ListPlanner(), feed });
  },
  { name: 'listings', dependencies: ['realtime'] },
);
