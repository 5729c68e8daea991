import { EVENT_TEXTS, type Event } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { coordinatesOf } from '../listings/index.js';
import { type EventViewer, getVisibleEvent } from './event-view.queries.js';

/** A member as the event reads see them: where they are, and the signer of photos for them. */
export async function viewerOf(app: FastifyInstance, id: number): Promise<EventViewer> {
  return { id, coordinates: await coordinatesOf(app.db, id), sign: app.photoUrls.signerFor(id) };
}

/** The event as the member reads it; 404 when they may not see it, as for a missing one. */
export async function readEvent(app: FastifyInstance, viewerId: number, id: number): Promise<Event> {
  const event = await getVisibleEvent(app.db, await viewerOf(app, viewerId), id);
  if (!event) throw notFound(EVENT_TEXTS.notFound);
  return event;
}
