import { z } from 'zod';
import { FlagSchema, PageLimitSchema, SpotSchema, TimestampSchema, optionalText } from './common.js';
import {
  EVENT_TITLE_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_PLACE_MAX,
  EVENT_ADDRESS_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_CAPACITY_MAX,
  EVENT_AHEAD_MAX_DAYS,
  EVENT_LENGTH_MAX_DAYS,
  EVENT_TEXTS,
} from './event-texts.js';
import { MapBoxSchema, WithinMilesSchema } from './listings.js';

export * from './event-texts.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seed swap events: a member posts one (title, description, photo, start and end, a place with its
 * address and ZIP code, an optional capacity); members near it see it, and say they are going.
 * Events are public: their address is shown to every member who may see them.
 */

/** An instant with its offset, as `<input type="datetime-local">` plus the browser's zone gives it. */
const EventTimeSchema = (required: string) =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? required : EVENT_TEXTS.timeInvalid) });

const TitleSchema = z
  .string({ error: EVENT_TEXTS.titleRequired })
  .trim()
  .min(1, EVENT_TEXTS.titleRequired)
  .max(EVENT_TITLE_MAX, EVENT_TEXTS.titleTooLong);
const DescriptionSchema = z.string().trim().max(EVENT_DESCRIPTION_MAX, EVENT_TEXTS.descriptionTooLong);
const PlaceSchema = z
  .string({ error: EVENT_TEXTS.placeRequired })
  .trim()
  .min(1, EVENT_TEXTS.placeRequired)
  .max(EVENT_PLACE_MAX, EVENT_TEXTS.placeTooLong);
/** A US ZIP code (ZIP+4 reads as its first five digits); the server also checks it names a place it knows. */
const ZipSchema = z
  .string({ error: EVENT_TEXTS.zipRequired })
  .trim()
  .min(1, EVENT_TEXTS.zipRequired)
  .regex(/^\d{5}(?:-\d{4})?$/, EVENT_TEXTS.zipInvalid)
  .transform((zip) => zip.slice(0, 5));
const CapacitySchema = z
  .number({ error: EVENT_TEXTS.capacityInvalid })
  .int(EVENT_TEXTS.capacityInvalid)
  .min(EVENT_CAPACITY_MIN, EVENT_TEXTS.capacityInvalid)
  .max(EVENT_CAPACITY_MAX, EVENT_TEXTS.capacityInvalid);

/**
 * The one rule of an event's times, for form and server: it starts ahead of `now` and within a
 * year, ends after it starts, and lasts at most a week. `startKept`: an edit that leaves the start
 * as it was (an event under way may still move its end). The field and text of the first problem.
 */
export function eventTimeProblem(
  times: { starts_at: string; ends_at: string },
  now: number,
  options: { startKept?: boolean } = {},
): { field: 'starts_at' | 'ends_at'; message: string } | undefined {
  const starts = Date.parse(times.starts_at);
  const ends = Date.parse(times.ends_at);
  if (!options.startKept) {
    if (starts <= now) return { field: 'starts_at', message: EVENT_TEXTS.startInPast };
    if (starts > now + EVENT_AHEAD_MAX_DAYS * DAY_MS) return { field: 'starts_at', message: EVENT_TEXTS.startTooFar };
  }
  if (ends <= starts) return { field: 'ends_at', message: EVENT_TEXTS.endBeforeStart };
  if (ends - starts > EVENT_LENGTH_MAX_DAYS * DAY_MS) return { field: 'ends_at', message: EVENT_TEXTS.tooLong };
  return undefined;
}

/**
 * POST /events (JSON; the photo goes up after, with PUT /events/{id}/photo). `capacity` absent or
 * null: no limit. The times are also checked against the server's clock (`eventTimeProblem`).
 */
export const CreateEventInputSchema = z
  .object({
    title: TitleSchema,
    description: DescriptionSchema.optional().default(''),
    starts_at: EventTimeSchema(EVENT_TEXTS.startRequired),
    ends_at: EventTimeSchema(EVENT_TEXTS.endRequired),
    place_name: PlaceSchema,
    address: optionalText(EVENT_ADDRESS_MAX, EVENT_TEXTS.addressTooLong),
    zip_code: ZipSchema,
    capacity: CapacitySchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.ends_at) <= Date.parse(value.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: EVENT_TEXTS.endBeforeStart });
  });
export type CreateEventInput = z.input<typeof CreateEventInputSchema>;

/**
 * PATCH /events/{id}: any of these, the others as they are; `capacity: null` lifts the limit and
 * `address: ""` clears it. The times are checked as they will be after the change.
 */
export const UpdateEventInputSchema = z.object({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  starts_at: EventTimeSchema(EVENT_TEXTS.startRequired).optional(),
  ends_at: EventTimeSchema(EVENT_TEXTS.endRequired).optional(),
  place_name: PlaceSchema.optional(),
  address: z
    .string()
    .trim()
    .max(EVENT_ADDRESS_MAX, EVENT_TEXTS.addressTooLong)
    .transform((v) => (v ? v : null))
    .nullable()
    .optional(),
  zip_code: ZipSchema.optional(),
  capacity: CapacitySchema.nullable().optional(),
});
export type UpdateEventInput = z.input<typeof UpdateEventInputSchema>;

/** Where the next page of GET /events starts: the last event's start and id (opaque to clients). */
export interface EventsCursor {
  startsAt: number;
  id: number;
}

const base64url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const encodeEventsCursor = (cursor: EventsCursor) => base64url(`e${cursor.startsAt}_${cursor.id}`);

export const EventsCursorSchema = z
  .string()
  .max(100)
  .transform((value, ctx): EventsCursor => {
    let decoded = '';
    try {
      decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    } catch {
      // not base64: reported below
    }
    const match = /^e(-?\d{1,15})_([1-9]\d{0,9})$/.exec(decoded);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: EVENT_TEXTS.cursorInvalid });
      return z.NEVER;
    }
    return { startsAt: Number(match[1]), id: Number(match[2]) };
  });

/**
 * GET /events: by default the upcoming events within `within_miles` of the member's ZIP code
 * (EVENT_MILES_DEFAULT), soonest first. `going`: the upcoming events I am going to, anywhere,
 * soonest first. `mine`: every event I host (cancelled, past and hidden ones too), latest start
 * first. A page holds `limit` (default 50, at most 100); the next one through `cursor`.
 */
export const EventsQuerySchema = z.object({
  within_miles: WithinMilesSchema,
  going: FlagSchema.optional(),
  mine: FlagSchema.optional(),
  limit: PageLimitSchema,
  cursor: EventsCursorSchema.optional(),
});
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/** GET /events/map: the upcoming events within the map's area (west,south,east,north in degrees). */
export const EventsMapQuerySchema = z.object({ box: MapBoxSchema });
export type EventsMapQuery = z.infer<typeof EventsMapQuerySchema>;

/** A member named on an event: its host, or a friend going. */
export const EventMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
});
export type EventMember = z.infer<typeof EventMemberSchema>;

const PHOTO_DESCRIPTION =
  "Path of the photo, fetched as `/api/{path}`; null without one. Plain and public while the event shows to every member; signed for its viewer (as a listing's) while a moderator hides it.";

/** An event as a member sees it. */
export const EventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  photo: z.string().nullable().describe(PHOTO_DESCRIPTION),
  thumbnail: z.string().nullable().describe(`The 480 px version. ${PHOTO_DESCRIPTION}`),
  starts_at: TimestampSchema,
  ends_at: TimestampSchema,
  place_name: z.string(),
  /** The street address as its host gave it: events are public, so it is shown. */
  address: z.string().nullable(),
  zip_code: z.string(),
  /** Where a map shows it: its ZIP code's centre. */
  spot: SpotSchema,
  /** Miles between the member's ZIP code and the event's, to 0.1; null while the member has none. */
  distance_miles: z.number().nullable(),
  /** Null: no limit. */
  capacity: z.number().int().nullable(),
  going_count: z.number().int(),
  going_by_me: z.boolean(),
  /** Up to EVENT_FRIENDS_SHOWN of my friends going, the first to say so first. */
  friends_going: z.array(EventMemberSchema),
  /** How many of my friends are going in all. */
  friends_going_count: z.number().int(),
  owner: EventMemberSchema,
  is_owner: z.boolean(),
  /** Set once its host cancelled it; its page stays, marked cancelled. */
  cancelled_at: TimestampSchema.nullable(),
  /** Why a moderator hid it; only its host can see a hidden event at all. */
  hidden_reason: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Event = z.infer<typeof EventSchema>;

/** GET /events: one page; `located` is false, and the page empty, for the near list while I have no ZIP code. */
export const EventsPageSchema = z.object({
  events: z.array(EventSchema),
  next_cursor: z.string().nullable(),
  located: z.boolean(),
});
export type EventsPage = z.infer<typeof EventsPageSchema>;

/** GET /events/map: at most MAP_PINS, soonest first; `more` when the area holds more. */
export const EventsMapSchema = z.object({ events: z.array(EventSchema), more: z.boolean() });
export type EventsMap = z.infer<typeof EventsMapSchema>;
