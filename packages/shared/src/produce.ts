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
 * these ("Garden surplus box") counts for none; one naming several counts for the first.
 */
export const PRODUCE: readonly Produce[] = [
  { crop: 'Apples', search: 'apple', names: ['apple', 'apples'] },
  { crop: 'Apricots', search: 'apricot', names: ['apricot', 'apricots'] },
  { crop: 'Asparagus', search: 'asparagus', mass: true, names: ['asparagus'] },
  { crop: 'Basil', search: 'basil', mass: true, names: ['basil'] },
  { crop: 'Beans', search: 'beans', names: ['bean', 'beans', 'green beans', 'runner beans'] },
  { crop: 'Beets', search: 'beets', names: ['beet', 'beets', 'beetroot', 'beetroots'] },
  { crop: 'Blackberries', search: 'blackberry', names: ['blackberry', 'blackberries'] },
  { crop: 'Blueberries', search: 'blueberry', names: ['blueberry', 'blueberries'] },
  { crop: 'Broccoli', search: 'broccoli', mass: true, names: ['broccoli'] },
  { crop: 'Cabbages', search: 'cabbage', names: ['cabbage', 'cabbages'] },
  { crop: 'Carrots', search: 'carrot', names: ['carrot', 'carrots'] },
  { crop: 'Cauliflower', search: 'cauliflower', mass: true, names: ['cauliflower', 'cauliflowers'] },
  { crop: 'Chard', search: 'chard', mass: true, names: ['chard', 'swiss chard'] },
  { crop: 'Cherries', search: 'cherry', names: ['cherry', 'cherries'] },
  // A cherry tomato is a tomato.
  { crop: 'Tomatoes', search: 'tomato', names: ['tomato', 'tomatoes', 'cherry tomato', 'cherry tomatoes'] },
  { crop: 'Chives', search: 'chives', names: ['chive', 'chives'] },
  { crop: 'Cilantro', search: 'cilantro', mass: true, names: ['cilantro', 'coriander'] },
  { crop: 'Corn', search: 'corn', mass: true, names: ['corn', 'sweet corn'] },
  { crop: 'Cucumbers', search: 'cucumber', names: ['cucumber', 'cucumbers'] },
  { crop: 'Dill', search: 'dill', mass: true, names: ['dill'] },
  { crop: 'Eggplants', search: 'eggplant', names: ['eggplant', 'eggplants', 'aubergine', 'aubergines'] },
  { crop: 'Figs', search: 'fig', names: ['fig', 'figs'] },
  { crop: 'Garlic', search: 'garlic', mass: true, names: ['garlic'] },
  { crop: 'Grapes', search: 'grape', names: ['grape', 'grapes'] },
  { crop: 'Kale', search: 'kale', mass: true, names: ['kale'] },
  { crop: 'Leeks', search: 'leek', names: ['leek', 'leeks'] },
  { crop: 'Lemons', search: 'lemon', names: ['lemon', 'lemons'] },
  { crop: 'Lettuce', search: 'lettuce', mass: true, names: ['lettuce', 'lettuces', 'salad greens'] },
  { crop: 'Melons', search: 'melon', names: ['melon', 'melons', 'cantaloupe', 'cantaloupes', 'muskmelon'] },
  { crop: 'Mint', search: 'mint', mass: true, names: ['mint', 'peppermint', 'spearmint'] },
  { crop: 'Okra', search: 'okra', mass: true, names: ['okra'] },
  { crop: 'Onions', search: 'onion', names: ['onion', 'onions', 'scallion', 'scallions', 'shallot', 'shallots'] },
  { crop: 'Oregano', search: 'oregano', mass: true, names: ['oregano'] },
  { crop: 'Parsley', search: 'parsley', mass: true, names: ['parsley'] },
  { crop: 'Peaches', search: 'peach', names: ['peach', 'peaches', 'nectarine', 'nectarines'] },
  { crop: 'Pears', search: 'pear', names: ['pear', 'pears'] },
  { crop: 'Peas', search: 'peas', names: ['pea', 'peas', 'snap peas', 'snow peas'] },
  // The sweet pea is a flower; the bell pepper and the chile are peppers.
  { crop: 'Sweet peas', search: 'sweet pea', names: ['sweet pea', 'sweet peas'], notProduce: true },
  {
    crop: 'Peppers',
    search: 'pepper',
    names: ['pepper', 'peppers', 'chile', 'chiles', 'chili', 'chilli', 'chilies', 'chillies', 'jalapeno', 'jalapenos'],
  },
  { crop: 'Plums', search: 'plum', names: ['plum', 'plums'] },
  { crop: 'Potatoes', search: 'potato', names: ['potato', 'potatoes'] },
  { crop: 'Sweet potatoes', search: 'sweet potato', names: ['sweet potato', 'sweet potatoes', 'yam', 'yams'] },
  { crop: 'Pumpkins', search: 'pumpkin', names: ['pumpkin', 'pumpkins'] },
  { crop: 'Radishes', search: 'radish', names: ['radish', 'radishes'] },
  { crop: 'Raspberries', search: 'raspberry', names: ['raspberry', 'raspberries'] },
  { crop: 'Rhubarb', search: 'rhubarb', mass: true, names: ['rhubarb'] },
  { crop: 'Rosemary', search: 'rosemary', mass: true, names: ['rosemary'] },
  { crop: 'Sage', search: 'sage', mass: true, names: ['sage'] },
  { crop: 'Spinach', search: 'spinach', mass: true, names: ['spinach'] },
  { crop: 'Squash', search: 'squash', mass: true, names: ['squash', 'butternut', 'winter squash'] },
  { crop: 'Strawberries', search: 'strawberry', names: ['strawberry', 'strawberries'] },
  { crop: 'Thyme', search: 'thyme', mass: true, names: ['thyme'] },
  { crop: 'Turnips', search: 'turnip', names: ['turnip', 'turnips'] },
  { crop: 'Watermelons', search: 'watermelon', names: ['watermelon', 'watermelons'] },
  { crop: 'Zucchini', search: 'zucchini', mass: true, names: ['zucchini', 'zucchinis', 'courgette', 'courgettes'] },
];

const findProduce = nameFinder(PRODUCE);

/** The produce a listing's or a want's title names ("Cherry tomatoes, a big bowl" is Tomatoes), if any. */
export function produceOf(title: string): Produce | undefined {
  const found = findProduce(title);
  return found?.notProduce ? undefined : found;
}

/** The table's entry for a crop as the server names it. */
export const produceNamed = (crop: string): Produce | undefined => PRODUCE.find((p) => p.crop === crop);
