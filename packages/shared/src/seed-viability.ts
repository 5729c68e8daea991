// Without zod, like seed-texts.ts: the cards show the hint.
import { nameFinder } from './crop-words.js';
import { SEED_TEXTS } from './seed-texts.js';

/** How long one crop's seed usually keeps, and the words a listing names it by. */
export interface SeedViability {
  /** The crop as the hint writes it ("Tomato seeds usually keep..."); null for a name that is no crop of the table. */
  crop: string | null;
  /** Years the seed usually stays good to sow. */
  years: number;
  /** Lowercase words (one or more) a title or variety names the crop by, plurals included. */
  names: readonly string[];
}

/**
 * Approximate life expectancy of vegetable seeds stored under favorable conditions, in years:
 * Iowa State University Extension and Outreach, "Life Expectancy of Vegetable Seeds" (April 2, 1999),
 * https://yardandgarden.extension.iastate.edu/article/1999/4-2-1999/veggielife.html, a table
 * modified from D. N. Maynard and G. J. Hochmuth, Knott's Handbook for Vegetable Growers, 4th
 * edition (1997). The figures are the table's; only the extra names are ours (a zucchini is a
 * squash, a cantaloupe a muskmelon).
 */
export const SEED_VIABILITY: readonly SeedViability[] = [
  { crop: 'Asparagus', years: 3, names: ['asparagus'] },
  { crop: 'Bean', years: 3, names: ['bean', 'beans'] },
  { crop: 'Beet', years: 4, names: ['beet', 'beets', 'beetroot'] },
  { crop: 'Broccoli', years: 3, names: ['broccoli'] },
  { crop: 'Brussels sprout', years: 4, names: ['brussels sprout', 'brussels sprouts', 'brussel sprouts'] },
  { crop: 'Cabbage', years: 4, names: ['cabbage', 'cabbages'] },
  { crop: 'Carrot', years: 3, names: ['carrot', 'carrots'] },
  { crop: 'Celeriac', years: 3, names: ['celeriac'] },
  { crop: 'Cauliflower', years: 4, names: ['cauliflower'] },
  { crop: 'Celery', years: 3, names: ['celery'] },
  { crop: 'Swiss chard', years: 4, names: ['swiss chard', 'chard'] },
  { crop: 'Chicory', years: 4, names: ['chicory', 'radicchio'] },
  { crop: 'Chinese cabbage', years: 3, names: ['chinese cabbage', 'napa cabbage'] },
  { crop: 'Collard', years: 5, names: ['collard', 'collards'] },
  { crop: 'Sweet corn', years: 2, names: ['sweet corn', 'corn'] },
  { crop: 'Cucumber', years: 5, names: ['cucumber', 'cucumbers'] },
  { crop: 'Eggplant', years: 4, names: ['eggplant', 'eggplants', 'aubergine'] },
  { crop: 'Endive', years: 5, names: ['endive'] },
  { crop: 'Fennel', years: 4, names: ['fennel'] },
  { crop: 'Kale', years: 4, names: ['kale'] },
  { crop: 'Kohlrabi', years: 3, names: ['kohlrabi'] },
  { crop: 'Leek', years: 2, names: ['leek', 'leeks'] },
  { crop: 'Lettuce', years: 6, names: ['lettuce', 'lettuces'] },
  { crop: 'Muskmelon', years: 5, names: ['muskmelon', 'cantaloupe', 'melon', 'melons'] },
  { crop: 'Mustard', years: 4, names: ['mustard'] },
  { crop: 'New Zealand spinach', years: 3, names: ['new zealand spinach'] },
  { crop: 'Okra', years: 2, names: ['okra'] },
  { crop: 'Onion', years: 1, names: ['onion', 'onions'] },
  { crop: 'Parsley', years: 1, names: ['parsley'] },
  { crop: 'Parsnip', years: 1, names: ['parsnip', 'parsnips'] },
  { crop: 'Pea', years: 3, names: ['pea', 'peas'] },
  // The sweet pea is a flower, not a pea.
  { crop: null, years: 0, names: ['sweet pea', 'sweet peas'] },
  {
    crop: 'Pepper',
    years: 2,
    names: ['pepper', 'peppers', 'chile', 'chiles', 'chili', 'chilli', 'chilies', 'chillies'],
  },
  { crop: 'Pumpkin', years: 4, names: ['pumpkin', 'pumpkins'] },
  { crop: 'Radish', years: 5, names: ['radish', 'radishes'] },
  { crop: 'Rutabaga', years: 4, names: ['rutabaga', 'rutabagas'] },
  { crop: 'Salsify', years: 1, names: ['salsify'] },
  { crop: 'Spinach', years: 3, names: ['spinach'] },
  { crop: 'Squash', years: 4, names: ['squash', 'zucchini', 'courgette', 'courgettes'] },
  { crop: 'Tomato', years: 4, names: ['tomato', 'tomatoes'] },
  { crop: 'Turnip', years: 4, names: ['turnip', 'turnips'] },
  { crop: 'Watermelon', years: 4, names: ['watermelon', 'watermelons'] },
];

const findName = nameFinder(SEED_VIABILITY);

/**
 * The crop a text names: the table's name found first in it ("Tomato and pepper mix" is tomato).
 * Undefined when it names none, or names what only looks like one (a sweet pea).
 */
function cropIn(text: string): SeedViability | undefined {
  const found = findName(text);
  return found?.crop === null ? undefined : found;
}

/** The crop of a seed lot, from its title, else its variety ("Brandywine" names none; "Tomato seeds" does). */
export function cropOf(lot: { title: string; variety: string | null }): SeedViability | undefined {
  return cropIn(lot.title) ?? (lot.variety ? cropIn(lot.variety) : undefined);
}

/**
 * Whether a seed lot was packed longer ago than its crop's seed usually keeps: the crop and the
 * years, for the hint to say so. Undefined without a year packed, a crop the table knows, or when
 * still within its years.
 */
export function oldSeed(
  lot: { title: string; variety: string | null; packed_year: number | null },
  currentYear: number,
): { crop: string; years: number; packedYear: number } | undefined {
  if (lot.packed_year === null) return undefined;
  const viability = cropOf(lot);
  if (!viability?.crop || currentYear - lot.packed_year <= viability.years) return undefined;
  return { crop: viability.crop, years: viability.years, packedYear: lot.packed_year };
}

/** The detail page's germination hint ("Tomato seeds usually keep about 4 years; ..."), or undefined. */
export function germinationHint(
  lot: { title: string; variety: string | null; packed_year: number | null },
  currentYear: number,
): string | undefined {
  const old = oldSeed(lot, currentYear);
  return old && SEED_TEXTS.germinationHint(old.crop, old.years, old.packedYear);
}
