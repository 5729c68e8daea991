import {
  type CreateEventInput,
  CreateEventInputSchema,
  type Event,
  type UpdateEventInput,
  eventTimeProblem,
} from '@gardenswap/shared/events';
import { z } from 'zod';
import { instantToLocal } from '../../../lib/datetime-local';

/** What the form holds: every field as typed, the times as `datetime-local` values in the browser's zone. */
export interface EventFormValues {
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  place_name: string;
  address: string;
  zip_code: string;
  capacity: string;
}

export type EventFormOutput = z.output<typeof CreateEventInputSchema>;

export const EVENT_FORM_FIELDS: (keyof EventFormValues)[] = [
  'title',
  'description',
  'starts_at',
  'ends_at',
  'place_name',
  'address',
  'zip_code',
  'capacity',
];

/** A `datetime-local` value as an instant; a blank one is missing, one that reads as no time stays as typed (and is refused). */
function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? local : time.toISOString();
}

/** The form's values as the API's input, before the shared schema reads them. */
function inputOf(values: EventFormValues): Record<keyof CreateEventInput, unknown> {
  const capacity = values.capacity.trim();
  return {
    title: values.title,
    description: values.description,
    starts_at: instantOf(values.starts_at),
    ends_at: instantOf(values.ends_at),
    place_name: values.place_name,
    address: values.address,
    zip_code: values.zip_code,
    capacity: capacity === '' ? null : Number(capacity),
  };
}

/**
 * The host's form read by the shared schema and time rule, so it says what the server would.
 * `keptStart`: editing, the start as it was; left as it was, it may already have passed.
 */
export function eventFormSchema({ keptStart }: { keptStart?: string } = {}) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      place_name: z.string(),
      address: z.string(),
      zip_code: z.string(),
      capacity: z.string(),
    })
    .superRefine((values, ctx) => {
      const parsed = CreateEventInputSchema.safeParse(inputOf(values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return;
      }
      const startKept = keptStart !== undefined && values.starts_at === keptStart;
      const problem = eventTimeProblem(parsed.data, Date.now(), { startKept });
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    })
    .transform((values): EventFormOutput => CreateEventInputSchema.parse(inputOf(values)));
}

/** An empty form for a new event. */
export const EMPTY_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  starts_at: '',
  ends_at: '',
  place_name: '',
  address: '',
  zip_code: '',
  capacity: '',
};

/** A stored event as the form's values, to edit it. */
export const eventFormValues = (event: Event): EventFormValues => ({
  title: event.title,
  description: event.description,
  starts_at: instantToLocal(event.starts_at),
  ends_at: instantToLocal(event.ends_at),
  place_name: event.place_name,
  address: event.address ?? '',
  zip_code: event.zip_code,
  capacity: event.capacity === null ? '' : String(event.capacity),
});

/**
 * What an edit changes, and only that (PATCH): a time left as it was is not sent, so an event under
 * way may still move its end; an emptied address clears it, an emptied capacity lifts the limit.
 */
export function eventChanges(event: Event, output: EventFormOutput): UpdateEventInput {
  const before = eventFormValues(event);
  const changes: UpdateEventInput = {};
  if (output.title !== event.title) changes.title = output.title;
  if (output.description !== event.description) changes.description = output.description;
  if (instantToLocal(output.starts_at) !== before.starts_at) changes.starts_at = output.starts_at;
  if (instantToLocal(output.ends_at) !== before.ends_at) changes.ends_at = output.ends_at;
  if (output.place_name !== event.place_name) changes.place_name = output.place_name;
  if ((output.address ?? '') !== (event.address ?? '')) changes.address = output.address ?? '';
  if (output.zip_code !== event.zip_code) changes.zip_code = output.zip_code;
  if ((output.capacity ?? null) !== event.capacity) changes.capacity = output.capacity ?? null;
  return changes;
}
