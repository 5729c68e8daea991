/**
 * Seed swap events: a member posts one (title, description, photo, start and end, a place with its
 * address and ZIP code, an optional capacity); members near it see it, and say they are going.
 * Their limits and words, without the schemas, so a screen that only shows events loads no zod.
 */
export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_PLACE_MAX = 200;
export const EVENT_ADDRESS_MAX = 200;
export const EVENT_CAPACITY_MIN = 1;
export const EVENT_CAPACITY_MAX = 10_000;
/** How far ahead an event may start. */
export const EVENT_AHEAD_MAX_DAYS = 365;
/** How long an event may last: a swap is a day or a weekend, and the upcoming lists rely on it. */
export const EVENT_LENGTH_MAX_DAYS = 7;
/** How long before its start the going members and the host are reminded. */
export const EVENT_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** "Within N miles" of the member's ZIP code when the list names no distance. */
export const EVENT_MILES_DEFAULT = 25;
/** How many of the member's friends going an event shows by name. */
export const EVENT_FRIENDS_SHOWN = 3;

export const EVENT_TEXTS = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${EVENT_TITLE_MAX} characters long`,
  descriptionTooLong: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters long`,
  timeInvalid: 'Enter a valid date and time',
  startRequired: 'Choose when it starts',
  endRequired: 'Choose when it ends',
  startInPast: 'Pick a start in the future',
  startTooFar: `Pick a start within ${EVENT_AHEAD_MAX_DAYS} days`,
  endBeforeStart: 'The end must be after the start',
  tooLong: `An event can last at most ${EVENT_LENGTH_MAX_DAYS} days`,
  placeRequired: 'Place is required',
  placeTooLong: `Place must be at most ${EVENT_PLACE_MAX} characters long`,
  addressTooLong: `Address must be at most ${EVENT_ADDRESS_MAX} characters long`,
  zipRequired: 'ZIP code is required',
  zipInvalid: 'Enter a 5-digit US ZIP code',
  zipUnknown: 'We do not know this ZIP code',
  capacityInvalid: `Capacity must be a whole number from ${EVENT_CAPACITY_MIN} to ${EVENT_CAPACITY_MAX}`,
  capacityBelowGoing: 'Capacity cannot be less than the number of members already going',
  notFound: 'Event not found',
  editForbidden: 'Only its host can change or cancel this event',
  ownEvent: 'You are hosting this event',
  full: 'This event is full',
  cancelled: 'This event was cancelled',
  ended: 'This event has ended',
  calendarForGoing: 'The calendar entry is for members who are going',
  imageRequired: 'Please choose a photo',
  locationNeeded: 'Add a US ZIP code to your location to see events near you',
  cursorInvalid: 'This page of events is no longer available; please reload the list',
  going: 'Going',
  goingCount: (n: number) => `${n} going`,
  spotsLeft: (n: number) => (n === 1 ? '1 spot left' : `${n} spots left`),
  hiddenNotice: 'Hidden by a moderator',
  empty: 'No upcoming events near you yet.',
  hosting: 'Hosting',
  cancelledBadge: 'Cancelled',
  endedBadge: 'Ended',
  nearYou: 'Seed swaps near you',
  seeAll: 'See all',
} as const;
