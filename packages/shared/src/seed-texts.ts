// Kept apart from the schemas of seed-lots.ts, so a card that shows a seed lot's line does not load
// and build every schema (zod) with it.
import { PACKED_WITHIN_MAX, PACKED_YEAR_MIN, type Pollination, QUANTITY_MAX, VARIETY_MAX } from './constants.js';

const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);

/** Texts of a seed lot's details: the form, the card's line, the detail page, the filters and their errors. */
export const SEED_TEXTS = {
  varietyTooLong: `Variety must be at most ${VARIETY_MAX} characters long`,
  quantityTooLong: `Quantity must be at most ${QUANTITY_MAX} characters long`,
  packedYearInvalid: 'Year packed must be a year, like 2023',
  packedYearTooEarly: `Year packed must be ${PACKED_YEAR_MIN} or later`,
  packedYearInFuture: 'Year packed cannot be in the future',
  pollinationInvalid: "Pollination must be open-pollinated, heirloom, hybrid or don't know",
  packedWithinInvalid: `Choose a number of years between 1 and ${PACKED_WITHIN_MAX}`,

  /** How each pollination reads on the form, the detail page and the filter chips. */
  pollinationLabels: {
    open_pollinated: 'Open-pollinated',
    heirloom: 'Heirloom',
    hybrid: 'Hybrid',
    unknown: "Don't know",
  } satisfies Record<Pollination, string>,

  // The post and edit form, shown once the seeds category is chosen.
  sectionTitle: 'About these seeds',
  variety: 'Variety',
  varietyHint: 'For example "Brandywine" or "Scarlet Nantes"',
  packedYear: 'Year packed',
  pollination: 'Pollination',
  pollinationNotSaid: 'Not given',
  quantity: 'Quantity',
  quantityHint: 'For example "about 50 seeds" or "2 packets"',
  organic: 'Organic',
  canMail: 'I can send them by mail (besides pickup)',

  // The card's line ("Heirloom · organic · packed 2023 · can mail") and the detail page.
  cardOrganic: 'organic',
  cardPacked: (year: number) => `packed ${year}`,
  cardCanMail: 'can mail',
  detailTitle: 'Seed lot',
  yes: 'Yes',
  no: 'No',
  handover: 'Getting them',
  pickupOrMail: 'Pickup or by mail',
  pickupOnly: 'Pickup',

  /** A hint, never a rule: seed older than its crop usually keeps may still come up. */
  germinationHint: (crop: string, keeps: number, packedYear: number) =>
    `${crop} seeds usually keep about ${years(keeps)}; these were packed in ${packedYear} — a germination test first may help.`,
  /** The card's shorter hint: its line already says the year packed. */
  germinationHintShort: (crop: string, keeps: number) =>
    `${crop} seeds usually keep about ${years(keeps)}: a germination test may help`,

  // The marketplace filters, shown while filtering seeds.
  filterTitle: 'Seeds',
  filterOrganic: 'organic only',
  filterCanMail: 'can send by mail',
  filterPacked: 'Packed',
  filterPackedAny: 'Any year',
  filterPackedWithin: (n: number) => (n === 1 ? 'This year' : `In the last ${n} years`),
} as const;
