import type { Kysely } from 'kysely';
import { stem as porter2 } from 'porter2';
import { stemmer as porter } from 'stemmer';
import { isSqlite } from '../db/dialect.js';

/**
 * What a word is, as the database's full-text search sees it: how a text splits into words and
 * what each word is stored as. Wish-list matches, swaps and search all go by the rule of the
 * database in use, so a want matches exactly what a search for it finds.
 */
export interface WordRule {
  /** The words of a text, lowercased, as the full-text index splits them. */
  words(text: string): string[];
  /** What the index stores for a word (its stem), or undefined for a word it leaves out. */
  stem(word: string): string | undefined;
}

const split = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** SQLite's FTS5 `porter unicode61`: accents removed, then Porter's stemmer on words of 3 to 64 characters. */
export const sqliteWords: WordRule = {
  words: (text) => split(text.normalize('NFD').replace(/\p{M}/gu, '')),
  stem: (word) => (word.length < 3 || word.length > 64 ? word : porter(word)),
};

/**
 * SQLite: a listing's stems as `listings.search_stems` keeps them (migration 025), the title's then
 * the description's: " cherri tomato | sweet and red ". A search checks one listing against them
 * (`stemsMatch`) in a microsecond, where FTS5 sets the whole search up again for each row.
 */
export function listingStems(title: string, description: string | null): string {
  const stems = (text: string) =>
    sqliteWords
      .words(text)
      .map((word) => sqliteWords.stem(word)!)
      .join(' ');
  return ` ${stems(title)} | ${stems(description ?? '')} `;
}

/** Where a search's words must all be: anywhere, all in the title, or anywhere but not all in the title. */
export type StemScope = 'any' | 'title' | 'notTitle';

/**
 * A search as `stemsMatch` reads it: its scope, then one line per word of the alternatives that
 * meet it, a stem ending in `*` being a prefix (the word typed so far).
 */
export const stemsPattern = (scope: StemScope, words: string[][]) =>
  [scope, ...words.map((alternatives) => alternatives.join(' '))].join('\n');

interface ParsedPattern {
  scope: StemScope;
  words: { whole: string[]; prefixes: string[] }[];
}
const parsedPatterns = new Map<string, ParsedPattern>();
/** How many patterns are kept parsed: a statement checks thousands of rows against the same one. */
const PARSED_PATTERNS = 256;

function parsePattern(pattern: string): ParsedPattern {
  let parsed = parsedPatterns.get(pattern);
  if (parsed) return parsed;
  const [scope, ...lines] = pattern.split('\n');
  parsed = {
    scope: scope as StemScope,
    words: lines.map((line) => {
      const terms = line.split(' ').filter(Boolean);
      return {
        whole: terms.filter((t) => !t.endsWith('*')).map((t) => ` ${t} `),
        prefixes: terms.filter((t) => t.endsWith('*')).map((t) => ` ${t.slice(0, -1)}`),
      };
    }),
  };
  if (parsedPatterns.size >= PARSED_PATTERNS) parsedPatterns.clear();
  parsedPatterns.set(pattern, parsed);
  return parsed;
}

/** Whether a listing's stems (`listingStems`) meet a search (`stemsPattern`), as FTS5 would find it. */
export function stemsMatch(stems: string | null, pattern: string): boolean {
  if (stems === null) return false;
  const { scope, words } = parsePattern(pattern);
  const holds = (text: string) =>
    words.every(({ whole, prefixes }) => whole.some((w) => text.includes(w)) || prefixes.some((p) => text.includes(p)));
  if (scope === 'any') return holds(stems);
  const inTitle = holds(stems.slice(0, stems.indexOf(' | ') + 1));
  return scope === 'title' ? inTitle : !inTitle && holds(stems);
}

/** PostgreSQL's `english` configuration's stop words (tsearch_data/english.stop). */
const ENGLISH_STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/**
 * PostgreSQL's `english` configuration: a word with a digit is kept as it is (the `simple`
 * dictionary); any other loses its stop words and goes through Snowball's English stemmer (Porter2).
 */
export const postgresWords: WordRule = {
  words: split,
  stem: (word) => {
    if (/\p{N}/u.test(word)) return word;
    return ENGLISH_STOP_WORDS.has(word) ? undefined : porter2(word);
  },
};

/** Words that say nothing about what the item is, so they never block a match. */
export const FILLER = new Set([
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

/**
 * The words of a search that count: filler dropped as the matcher drops it ("fresh basil" looks
 * for basil), unless the search is nothing but filler.
 */
export function searchTerms(text: string, rule: WordRule): string[] {
  const words = rule.words(text);
  const kept = words.filter((word) => !FILLER.has(word));
  return kept.length ? kept : words;
}

/**
 * The longest beginning of a partly typed word that the rule stores unchanged: searched as a
 * prefix, it finds the words that begin with what was typed even where the stemmer would rewrite
 * the typed letters themselves ("qxmx1ey" is stemmed to "qxmx1ei", which no stored word begins with).
 */
export function unchangedPrefix(rule: WordRule, word: string): string | undefined {
  for (let end = word.length; end > 0; end--) {
    const prefix = word.slice(0, end);
    if (rule.stem(prefix) === prefix) return prefix;
  }
  return undefined;
}

/** The rule of the database `db` is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const wordRuleOf = (db: Kysely<any>): WordRule => (isSqlite(db) ? sqliteWords : postgresWords);
