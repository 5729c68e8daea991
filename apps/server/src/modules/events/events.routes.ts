import {
  CreateEventInputSchema,
  EVENT_MILES_DEFAULT,
  EVENT_TEXTS,
  EventSchema,
  EventsMapQuerySchema,
  EventsMapSchema,
  EventsPageSchema,
  EventsQuerySchema,
  IdParamsSchema,
  MAP_PINS,
  UpdateEventInputSchema,
  encodeEventsCursor,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { circleAround } from '../listings/index.js';
import { eventContacts } from './attendees.queries.js';
import { cancelEvent } from './commands/cancel-event.js';
import { createEvent } from './commands/create-event.js';
import { visibleEvent } from './commands/event-rights.js';
import { goToEvent, leaveEvent } from './commands/going.js';
import { updateEvent } from './commands/update-event.js';
import { listGoing, listInBox, listMine, listNear } from './event-lists.queries.js';
import { eventCalendarFor } from './event-notices.js';
import { isGoing, toEvents } from './event-view.queries.js';
import { readEvent, viewerOf } from './event-viewer.js';

const tags = ['events'];

/**
 * Seed swap events: a member hosts one, members near it find it (list and map) and say they are
 * going, its host edits or cancels it (the members going are told), and the members going get its
 * calendar entry. Every read goes through the event visibility rule; each write is a command
 * (./commands) that checks its rights.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events',
    {
      schema: {
        tags,
        description:
          "Hosts a new event, placed at its ZIP code's centre (its address is shown as given). It starts ahead of now and within a year, ends after it starts and lasts at most a week (422 on `starts_at` or `ends_at` otherwise); an unknown ZIP code is 422. Its photo goes up after, with PUT /events/{id}/photo.",
        body: CreateEventInputSchema,
        response: { 201: EventSchema },
      },
    },
    async (request, reply) => {
      const userId = me(request).id;
      const id = await createEvent(app, userId, request.body);
      return reply.status(201).send(await readEvent(app, userId, id));
    },
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        description: [
          'By default the upcoming events (neither ended, cancelled nor hidden, their host not suspended, no block',
          `either way) within \`within_miles\` (${EVENT_MILES_DEFAULT} when not given) of my ZIP code's centre, soonest`,
          'first; `located` is false, and the page empty, while I have no ZIP code. `going=true`: the upcoming events I',
          'am going to, anywhere. `mine=true`: every event I host, cancelled, past and hidden ones too, latest start',
          'first. Each with how many are going, whether I am, and up to three of my friends going.',
        ].join(' '),
        querystring: EventsQuerySchema,
        response: { 200: EventsPageSchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, me(request).id);
      const { mine, going, within_miles, limit, cursor } = request.query;
      const now = app.config.clock();
      const paging = { limit, cursor };
      let page;
      if (mine) page = await listMine(app.db, viewer.id, paging);
      else if (going) page = await listGoing(app.db, viewer.id, now, paging);
      else if (viewer.coordinates) {
        const circle = circleAround(viewer.coordinates, within_miles ?? EVENT_MILES_DEFAULT);
        page = await listNear(app.db, viewer.id, { circle, now }, paging);
      } else return { events: [], next_cursor: null, located: false };
      return {
        events: await toEvents(app.db, page.rows, viewer),
        next_cursor: page.next ? encodeEventsCursor(page.next) : null,
        located: viewer.coordinates !== null,
      };
    },
  );

  app.get(
    '/events/map',
    {
      schema: {
        tags,
        description: `The upcoming events within \`box\` (west,south,east,north in degrees), each at its ZIP code's centre, at most ${MAP_PINS}, soonest first; \`more\` when the area holds more.`,
        querystring: EventsMapQuerySchema,
        response: { 200: EventsMapSchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, me(request).id);
      const found = await listInBox(app.db, viewer.id, request.query.box, app.config.clock(), MAP_PINS);
      return { events: await toEvents(app.db, found.rows, viewer), more: found.more };
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags,
        description:
          'The event, cancelled and past ones too. 404 for one I may not see: hidden by a moderator (but to its host, who sees why), its host suspended, or a block either way.',
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => readEvent(app, me(request).id, request.params.id),
  );

  app.patch(
    '/events/:id',
    {
      schema: {
        tags,
        description:
          'Its host edits the event (403 for anyone else; 409 once cancelled or over). A change of its title, times or place tells every member going, in the app and by e-mail (per their switch for times) with the calendar entry that replaces theirs; a new start moves the reminder.',
        params: IdParamsSchema,
        body: UpdateEventInputSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => {
      const userId = me(request).id;
      await updateEvent(app, userId, request.params.id, request.body);
      return readEvent(app, userId, request.params.id);
    },
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        tags,
        description:
          'Its host cancels the event (403 for anyone else; 409 once cancelled or over): its page stays, marked cancelled, and every member going is told, in the app and by e-mail with a calendar cancellation.',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await cancelEvent(app, me(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/events/:id/going',
    {
      schema: {
        tags,
        description:
          'I am going (saying it again changes nothing). 409 `EVENT_FULL` once as many are going as it holds; 409 once cancelled or ended; 403 on my own event.',
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => {
      const userId = me(request).id;
      await goToEvent(app, userId, request.params.id);
      return readEvent(app, userId, request.params.id);
    },
  );

  app.delete(
    '/events/:id/going',
    {
      schema: {
        tags,
        description: 'I am no longer going. 409 once cancelled or ended; 403 on my own event.',
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => {
      const userId = me(request).id;
      await leaveEvent(app, userId, request.params.id);
      return readEvent(app, userId, request.params.id);
    },
  );

  app.get(
    '/events/:id/calendar.ics',
    {
      schema: {
        tags,
        description:
          'The event as an iCalendar file (RFC 5545) in my time zone, for its host and the members going (403 for others); a cancelled event comes as a cancellation.',
        params: IdParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const userId = me(request).id;
      const event = await visibleEvent(app, userId, request.params.id);
      if (event.owner_id !== userId && !isGoing(event)) throw forbidden(EVENT_TEXTS.calendarForGoing);
      const contacts = await eventContacts(app.db, [...new Set([userId, event.owner_id])]);
      const reader = contacts.find((c) => c.id === userId);
      if (!reader) throw notFound(EVENT_TEXTS.notFound);
      const host = contacts.find((c) => c.id === event.owner_id);
      const file = eventCalendarFor(
        app,
        reader,
        { ...event, cancelled: event.cancelled_at !== null },
        host?.username ?? event.owner_username,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
