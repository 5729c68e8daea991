// Without zod: the cards and the marketplace's chips read crops from titles on the first paint.

/** A text's words, lowercase and without accents ("Jalapeño peppers" is jalapeno, peppers). */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Finds which entry of a table a text names: the entry whose name (one or more lowercase words)
 * comes first in the text, the longer name winning at one place ("chinese cabbage" over
 * "cabbage", "sweet potato" over "potato").
 */
export function nameFinder<T extends { names: readonly string[] }>(table: readonly T[]) {
  const names = table
    .flatMap((entry) => entry.names.map((name) => ({ entry, words: name.split(' ') })))
    .sort((a, b) => b.words.length - a.words.length);
  return (text: string): T | undefined => {
    const words = wordsOf(text);
    for (let at = 0; at < words.length; at++) {
      const found = names.find((name) => name.words.every((word, i) => words[at + i] === word));
      if (found) return found.entry;
    }
    return undefined;
  };
}
