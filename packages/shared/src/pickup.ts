import { z } from 'zod';
import { TimestampSchema } from './common.js';

/**
 * Pickup times: on a reserved listing, one of its two members (the owner, or the member it is kept
 * for) offers one to three times and a place; the other picks one, or asks for others. Either may
 * move (offer again) or cancel an agreed time. Both get a reminder before it, and after it the
 * owner is asked whether it was handed over.
 */
export const PICKUP_TIMES_MAX = 3;
export const PICKUP_PLACE_MAX = 200;
export const PICKUP_ASK_NOTE_MAX = 280;
/** How long before an agreed time both members are reminded. */
export const PICKUP_REMINDER_BEFORE_MS = 2 * 60 * 60 * 1000;
/** How long after an agreed time the owner is asked whether it was handed over. */
export const PICKUP_HANDOVER_ASK_AFTER_MS = 60 * 60 * 1000;
/** How far ahead a pickup may be offered. */
export const PICKUP_AHEAD_MAX_DAYS = 90;
/** How long a pickup lasts in a calendar. */
export const PICKUP_CALENDAR_MINUTES = 30;

export const PICKUP_TEXTS = {
  title: 'Pickup time',
  timesRequired: 'Offer at least one time',
  tooManyTimes: `Offer at most ${PICKUP_TIMES_MAX} times`,
  timeInvalid: 'Enter a valid date and time',
  timeInPast: 'Pick a time in the future',
  timeTooFar: `Pick a time within ${PICKUP_AHEAD_MAX_DAYS} days`,
  timesRepeated: 'Offer each time once',
  placeTooLong: `The place can be at most ${PICKUP_PLACE_MAX} characters`,
  askNoteTooLong: `The note can be at most ${PICKUP_ASK_NOTE_MAX} characters`,
  notReserved: 'Pickup times are arranged once the listing is reserved',
  notYours: 'Only the owner and the member it is reserved for arrange its pickup',
  noPickup: 'No pickup time has been offered',
  notOffered: 'Pick one of the offered times',
  ownOffer: 'The other member picks one of your times',
  notAgreed: 'No pickup time has been agreed yet',
  pickupChanged: 'The pickup changed meanwhile: have a look at it again',
  timeZoneInvalid: 'Unknown time zone',
  offer: 'Offer pickup times',
  move: 'Move the pickup',
  cancel: 'Cancel the pickup',
  askAnother: 'Ask for another time',
  addToCalendar: 'Add to calendar',
  agreed: 'Pickup agreed',
  waitingForOther: 'Waiting for the other member to pick a time',
  pickOne: 'Pick a time that suits you',
  askedForAnother: 'Asked for another time',
  wasItHandedOver: 'Was it handed over?',
} as const;

/** An instant with its offset, as `<input type="datetime-local">` plus the browser's zone gives it. */
const PickupTimeSchema = z.iso.datetime({ offset: true, error: PICKUP_TEXTS.timeInvalid });

/** PUT /listings/{id}/pickup: offers one to three times and a place (replacing any earlier offer or agreed time). */
export const PickupOfferInputSchema = z.object({
  times: z
    .array(PickupTimeSchema, { error: PICKUP_TEXTS.timesRequired })
    .min(1, PICKUP_TEXTS.timesRequired)
    .max(PICKUP_TIMES_MAX, PICKUP_TEXTS.tooManyTimes),
  place: z
    .string()
    .trim()
    .max(PICKUP_PLACE_MAX, PICKUP_TEXTS.placeTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PickupOfferInput = z.input<typeof PickupOfferInputSchema>;

/** POST /listings/{id}/pickup/agree: the offered time the other member picks. */
export const PickupAgreeInputSchema = z.object({ time: PickupTimeSchema });
export type PickupAgreeInput = z.infer<typeof PickupAgreeInputSchema>;

/** POST /listings/{id}/pickup/ask: none of the offered times suits; an optional note says what would. */
export const PickupAskInputSchema = z.object({
  note: z
    .string()
    .trim()
    .max(PICKUP_ASK_NOTE_MAX, PICKUP_TEXTS.askNoteTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PickupAskInput = z.input<typeof PickupAskInputSchema>;

export const PICKUP_STATUSES = ['offered', 'asked', 'agreed'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

/**
 * A reserved listing's pickup, for its two members only (in GET /listings/{id}/trade). `offered`:
 * `times` wait for the member who did not offer them; `asked`: that member asked for other times
 * (`note`); `agreed`: `agreed_time` holds.
 */
export const PickupSchema = z.object({
  status: z.enum(PICKUP_STATUSES),
  /** The member who offered the times. */
  offered_by_id: z.number().int(),
  /** UTC instants, earliest first. */
  times: z.array(TimestampSchema),
  agreed_time: TimestampSchema.nullable(),
  place: z.string().nullable(),
  note: z.string().nullable(),
  updated_at: TimestampSchema,
});
export type Pickup = z.infer<typeof PickupSchema>;

/** PUT /auth/time-zone: the browser's IANA time zone, kept on the profile for times in e-mails. */
export const TimeZoneInputSchema = z.object({
  time_zone: z.string().max(64).refine(isTimeZone, PICKUP_TEXTS.timeZoneInvalid),
});
export type TimeZoneInput = z.infer<typeof TimeZoneInputSchema>;

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** "Sat, Dec 12, 10:30 AM MST": an instant as a member reads it in their own zone (a text that is none, as it is). */
export function formatPickupTime(iso: string, timeZone?: string | null): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  };
  return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
}
