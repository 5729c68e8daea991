import {
  type CreateEventInputSchema,
  EVENT_REMINDER_BEFORE_MS,
  EVENT_TEXTS,
  eventTimeProblem,
} from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { invalidField } from '../../../lib/app-error.js';
import { coordinatesOfZip } from '../../../lib/geo.js';
import { insertEvent } from '../events.queries.js';
import { reminderAt } from './event-rights.js';

/** A ZIP code's centre, where an event there is placed; 422 for one nobody knows. */
export function placeOfZip(zip: string) {
  const centre = coordinatesOfZip(zip);
  if (!centre) throw invalidField('zip_code', EVENT_TEXTS.zipUnknown);
  return centre;
}

/** POST /events: the member hosts a new event, placed at its ZIP code's centre. Resolves to its id. */
export async function createEvent(
  app: FastifyInstance,
  ownerId: number,
  input: z.output<typeof CreateEventInputSchema>,
): Promise<number> {
  const now = app.config.clock();
  const problem = eventTimeProblem(input, now);
  if (problem) throw invalidField(problem.field, problem.message);
  const centre = placeOfZip(input.zip_code);
  const starts_at = new Date(input.starts_at).toISOString();
  const stamp = new Date(now).toISOString();
  return insertEvent(app.db, {
    owner_id: ownerId,
    title: input.title,
    description: input.description,
    starts_at,
    ends_at: new Date(input.ends_at).toISOString(),
    place_name: input.place_name,
    address: input.address ?? null,
    zip_code: input.zip_code,
    ...centre,
    capacity: input.capacity ?? null,
    remind_at: reminderAt(starts_at, now, EVENT_REMINDER_BEFORE_MS),
    created_at: stamp,
    updated_at: stamp,
  });
}
