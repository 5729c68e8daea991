import { FILLER, type WordRule } from '../../lib/word-rule.js';

/**
 * The words of a title that name the item, as typed (lowercased), without filler: what a search
 * for the item asks the full-text index for. "Fresh Cherry Tomatoes" → cherry, tomatoes.
 */
export function itemTerms(title: string, rule: WordRule): string[] {
  return rule.words(title).filter((word) => !FILLER.has(word));
}

/**
 * The words that name an item as the database's full-text index stores them (`rule`): stems,
 * without filler or the index's stop words. "Fresh Cherry Tomatoes" → cherri, tomato.
 */
export function itemWords(title: string, rule: WordRule): Set<string> {
  const kept = new Set<string>();
  for (const word of itemTerms(title, rule)) {
    const stem = rule.stem(word);
    if (stem !== undefined && !FILLER.has(stem)) kept.add(stem);
  }
  return kept;
}

function covers(big: Set<string>, small: Set<string>) {
  for (const word of small) if (!big.has(word)) return false;
  return true;
}

/**
 * A want and a listing title match when every word of one appears in the other, word for word
 * as the database's search stems them: "tomato" matches "Cherry tomatoes", "seed potatoes"
 * matches "Potato", "basil" never matches "tomato". A title made only of filler matches nothing.
 */
export function titlesMatch(a: string, b: string, rule: WordRule): boolean {
  return wordsMatch(itemWords(a, rule), itemWords(b, rule));
}

/** `titlesMatch` on titles already split by `itemWords`, for callers comparing one title with many. */
export function wordsMatch(x: Set<string>, y: Set<string>): boolean {
  if (x.size === 0 || y.size === 0) return false;
  return x.size <= y.size ? covers(y, x) : covers(x, y);
}
