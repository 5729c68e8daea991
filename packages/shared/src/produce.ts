// Without zod, like seed-viability.ts: the marketplace's "in season" chips and the want list read it.
import { nameFinder } from './crop-words.js';

/** A kind of produce as "in season near you" counts it, and the words a title names it by. */
export interface Produce {
  /** As a chip shows it ("Tomatoes", "Basil"): the plural, or the word itself for what is not counted. */
  crop: string;
  /** What its chip searches for: the marketplace's search finds every form of the word. */
  search: string;
  /** A mass noun ("Basil is being listed"), not a plural ("Tomatoes are"). */
  mass?: true;
  /** Lowercase words (one or more) a title names it by, plurals included. */
  names: readonly string[];
  /** Named only so a longer name wins over a crop's ("sweet peas" are flowers, not peas). */
  notProduce?: true;
}

/**
 * What home gardeners list as produce: vegetables, fruit and herbs. A title naming none of
 * these ("Garden surplus box") counts for none; one naming several counts for the first. Every
 * name of an entry is found by the marketplace's search for its `search` (forms of one word), so a
 * chip's count and its search agree: a courgette is its own entry, not a zucchini.
 */
export const PRODUCE: readonly Produce[] = [
  { crop: 'Apples', search: 'apple', names: ['apple', 'apples'] },
  { crop: 'Apricots', search: 'apricot', names: ['apricot', 'apricots'] },
  { crop: 'Asparagus', search: 'asparagus', mass: true, names: ['asparagus'] },
  { crop: 'Aubergines', search: 'aubergine', names: ['aubergine', 'aubergines'] },
  { crop: 'Basil', search: 'basil', mass: true, names: ['basil'] },
  { crop: 'Beans', search: 'beans', names: ['bean', 'beans', 'green beans', 'runner beans'] },
  { crop: 'Beetroot', search: 'beetroot', mass: true, names: ['beetroot', 'beetroots'] },
  { crop: 'Beets', search: 'beets', names: ['beet', 'beets'] },
  { crop: 'Blackberries', search: 'blackberry', names: ['blackberry', 'blackberries'] },
  { crop: 'Blueberries', search: 'blueberry', names: ['blueberry', 'blueberries'] },
  { crop: 'Broccoli', search: 'broccoli', mass: true, names: ['broccoli'] },
  { crop: 'Cabbages', search: 'cabbage', names: ['cabbage', 'cabbages'] },
  { crop: 'Cantaloupes', search: 'cantaloupe', names: ['cantaloupe', 'cantaloupes'] },
  { crop: 'Carrots', search: 'carrot', names: ['carrot', 'carrots'] },
  { crop: 'Cauliflower', search: 'cauliflower', mass: true, names: ['cauliflower', 'cauliflowers'] },
  { crop: 'Chard', search: 'chard', mass: true, names: ['chard', 'swiss chard'] },
  { crop: 'Cherries', search: 'cherry', names: ['cherry', 'cherries'] },
  // A cherry tomato is a tomato.
  { crop: 'Tomatoes', search: 'tomato', names: ['tomato', 'tomatoes', 'cherry tomato', 'cherry tomatoes'] },
  { crop: 'Chives', search: 'chives', names: ['chive', 'chives'] },
  { crop: 'Cilantro', search: 'cilantro', mass: true, names: ['cilantro'] },
  { crop: 'Coriander', search: 'coriander', mass: true, names: ['coriander'] },
  { crop: 'Corn', search: 'corn', mass: true, names: ['corn', 'sweet corn'] },
  { crop: 'Courgettes', search: 'courgette', names: ['courgette', 'courgettes'] },
  { crop: 'Cucumbers', search: 'cucumber', names: ['cucumber', 'cucumbers'] },
  { crop: 'Dill', search: 'dill', mass: true, names: ['dill'] },
  { crop: 'Eggplants', search: 'eggplant', names: ['eggplant', 'eggplants'] },
  { crop: 'Figs', search: 'fig', names: ['fig', 'figs'] },
  { crop: 'Garlic', search: 'garlic', mass: true, names: ['garlic'] },
  { crop: 'Grapes', search: 'grape', names: ['grape', 'grapes'] },
  { crop: 'Kale', search: 'kale', mass: true, names: ['kale'] },
  { crop: 'Leeks', search: 'leek', names: ['leek', 'leeks'] },
  { crop: 'Lemons', search: 'lemon', names: ['lemon', 'lemons'] },
  { crop: 'Lettuce', search: 'lettuce', mass: true, names: ['lettuce', 'lettuces'] },
  { crop: 'Melons', search: 'melon', names: ['melon', 'melons'] },
  { crop: 'Mint', search: 'mint', mass: true, names: ['mint'] },
  { crop: 'Nectarines', search: 'nectarine', names: ['nectarine', 'nectarines'] },
  { crop: 'Okra', search: 'okra', mass: true, names: ['okra'] },
  { crop: 'Onions', search: 'onion', names: ['onion', 'onions'] },
  { crop: 'Oregano', search: 'oregano', mass: true, names: ['oregano'] },
  { crop: 'Parsley', search: 'parsley', mass: true, names: ['parsley'] },
  { crop: 'Peaches', search: 'peach', names: ['peach', 'peaches'] },
  { crop: 'Pears', search: 'pear', names: ['pear', 'pears'] },
  { crop: 'Peas', search: 'peas', names: ['pea', 'peas', 'snap peas', 'snow peas'] },
  // Sweet peas are flowers, not peas.
  { crop: 'Sweet peas', search: 'sweet pea', names: ['sweet pea', 'sweet peas'], notProduce: true },
  { crop: 'Peppers', search: 'pepper', names: ['pepper', 'peppers', 'bell pepper', 'bell peppers'] },
  { crop: 'Plums', search: 'plum', names: ['plum', 'plums'] },
  { crop: 'Potatoes', search: 'potato', names: ['potato', 'potatoes'] },
  { crop: 'Sweet potatoes', search: 'sweet potato', names: ['sweet potato', 'sweet potatoes'] },
  { crop: 'Pumpkins', search: 'pumpkin', names: ['pumpkin', 'pumpkins'] },
  { crop: 'Radishes', search: 'radish', names: ['radish', 'radishes'] },
  { crop: 'Raspberries', search: 'raspberry', names: ['raspberry', 'raspberries'] },
  { crop: 'Rhubarb', search: 'rhubarb', mass: true, names: ['rhubarb'] },
  { crop: 'Rosemary', search: 'rosemary', mass: true, names: ['rosemary'] },
  { crop: 'Sage', search: 'sage', mass: true, names: ['sage'] },
  { crop: 'Scallions', search: 'scallion', names: ['scallion', 'scallions'] },
  { crop: 'Shallots', search: 'shallot', names: ['shallot', 'shallots'] },
  { crop: 'Spinach', search: 'spinach', mass: true, names: ['spinach'] },
  { crop: 'Squash', search: 'squash', mass: true, names: ['squash', 'winter squash', 'butternut squash'] },
  { crop: 'Strawberries', search: 'strawberry', names: ['strawberry', 'strawberries'] },
  { crop: 'Thyme', search: 'thyme', mass: true, names: ['thyme'] },
  { crop: 'Turnips', search: 'turnip', names: ['turnip', 'turnips'] },
  { crop: 'Watermelons', search: 'watermelon', names: ['watermelon', 'watermelons'] },
  { crop: 'Zucchini', search: 'zucchini', mass: true, names: ['zucchini', 'zucchinis'] },
];

const findProduce = nameFinder(PRODUCE);

/** The produce a listing's or a want's title names ("Cherry tomatoes, a big bowl" is Tomatoes), if any. */
export function produceOf(title: string): Produce | undefined {
  const found = findProduce(title);
  return found?.notProduce ? undefined : found;
}

/** The table's entry for a crop as the server names it. */
export const produceNamed = (crop: string): Produce | undefined => PRODUCE.find((p) => p.crop === crop);
