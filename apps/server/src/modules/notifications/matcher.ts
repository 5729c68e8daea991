import pluralize from 'pluralize';

/** Words that say nothing about what the item is, so they never block a match. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'some',
  'any',
  'fresh',
  'organic',
  'homegrown',
  'home',
  'grown',
  'local',
  'locally',
  'free',
  'extra',
  'few',
  'lot',
  'lots',
  'bunch',
  'bag',
  'box',
  'of',
  'and',
  'or',
  'for',
  'with',
  'in',
  'from',
  'to',
  'my',
  'our',
  'i',
  'want',
  'need',
  'wanted',
  'looking',
  'please',
]);

/** The words that name an item: lowercased, singular, without filler. "Fresh Cherry Tomatoes" → cherry, tomato. */
export function itemWords(title: string): Set<string> {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = new Set<string>();
  for (const word of words) {
    if (FILLER.has(word)) continue;
    const singular = /^\p{N}+$/u.test(word) ? word : pluralize.singular(word);
    if (!FILLER.has(singular)) kept.add(singular);
  }
  return kept;
}

function covers(big: Set<string>, small: Set<string>) {
  for (const word of small) if (!big.has(word)) return false;
  return true;
}

/**
 * A want and a listing title match when every word of one appears in the other: "tomato"
 * matches "Cherry tomatoes", "seed potatoes" matches "Potato", "basil" never matches "tomato".
 * A title made only of filler matches nothing.
 */
export function titlesMatch(a: string, b: string): boolean {
  return wordsMatch(itemWords(a), itemWords(b));
}

/** `titlesMatch` on titles already split by `itemWords`, for callers comparing one title with many. */
export function wordsMatch(x: Set<string>, y: Set<string>): boolean {
  if (x.size === 0 || y.size === 0) return false;
  return x.size <= y.size ? covers(y, x) : covers(x, y);
}
