import { type SqlBool, sql } from 'kysely';
import { preparedQuery } from '../../../db/prepared-query.js';
import type { Executor } from '../../../db/schema.js';
import { isSqlite } from '../../../db/dialect.js';
import {
  type StemScope,
  type WordRule,
  searchTerms,
  sqliteWords,
  stemsPattern,
  unchangedPrefix,
  wordRuleOf,
} from '../../../lib/word-rule.js';
import type { ListingQuery } from './listing-row.js';

/**
 * The words of a search, letters and digits only (whatever a member types can neither break the
 * FTS5 syntax nor PostgreSQL's tsquery syntax), split and sifted by the one word rule that wish-list
 * matches and swaps go by.
 */
export function searchWords(db: Executor, text: string): string[] {
  return searchTerms(text, wordRuleOf(db)).slice(0, 12);
}

/**
 * The last word of a search, as a prefix (search as you type): what the member typed so far. The
 * database stems it first, and a stem may rewrite the typed letters ("qxmx1ey" → "qxmx1ei"), so
 * the longest beginning the stemmer leaves as it is goes instead, or beside it when the stem does
 * not begin with it.
 */
function lastWordPrefixes(rule: WordRule, word: string): string[] {
  const kept = unchangedPrefix(rule, word);
  const stem = rule.stem(word);
  if (kept === undefined) return [word];
  return stem !== undefined && !stem.startsWith(kept) ? [word, kept] : [kept];
}

/** A search's words, and the whole words of the listings its last word begins. */
export interface SearchWords {
  words: string[];
  /**
   * Words of the listings that begin with the last word but whose stem does not begin with any of
   * its prefixes ("listing", stem "list", for "listi"): asked for as whole words.
   */
  completions: string[];
}

/** How many words beginning with the last one are looked at, and how many of them are asked for. */
const COMPLETIONS = { read: 200, kept: 16 };

/** The words of the listings, as typed, that begin with `prefix` (migration 023). */
async function wordsBeginning(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('search_words')
    .select('word')
    .where('word', '>=', prefix)
    .where('word', '<', `${prefix}\u{10FFFF}`)
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((row) => row.word);
}

/**
 * The words of a search, and the listings' whole words its last word begins where the stems alone
 * would miss them: a prefix must find what the member has typed so far.
 */
export async function searchWordsOf(db: Executor, text: string): Promise<SearchWords> {
  const words = searchWords(db, text);
  const last = words.at(-1);
  if (last === undefined || last.length < 3) return { words, completions: [] };
  const rule = wordRuleOf(db);
  const prefixes = lastWordPrefixes(rule, last);
  const completions: string[] = [];
  for (const word of await wordsBeginning(db, last, COMPLETIONS.read)) {
    const stem = rule.stem(word);
    // One token as the index splits it, not already found through a prefix.
    if (stem === undefined || rule.words(word).length !== 1 || prefixes.some((p) => stem.startsWith(p))) continue;
    completions.push(word);
    if (completions.length === COMPLETIONS.kept) break;
  }
  return { words, completions };
}

/** Which listings a search keeps: every word, or only those whose title holds every word, or the others. */
export type TextScope = StemScope;

/**
 * A search as the database's full-text syntax says it: every word, the last one as a prefix
 * (search as you type), within the scope. It is bound as a value, so one compiled query serves
 * every search of a shape.
 */
export function searchText(db: Executor, { words, completions }: SearchWords, scope: TextScope): string {
  const last = lastWordPrefixes(wordRuleOf(db), words.at(-1)!);
  const whole = words.slice(0, -1);
  const alternatives = last.length + completions.length;
  if (isSqlite(db)) {
    const terms = [...last.map((w) => `"${w}"*`), ...completions.map((w) => `"${w}"`)];
    const prefix = alternatives > 1 ? `(${terms.join(' OR ')})` : terms[0]!;
    // Explicit ANDs: FTS5 reads a phrase followed by a bracket ("thyme" (…)) as a syntax error.
    const all = [...whole.map((w) => `"${w}"`), prefix].join(' AND ');
    return { any: all, title: `{title}: (${all})`, notTitle: `(${all}) NOT {title}: (${all})` }[scope];
  }
  const tsquery = (weight: string) => {
    const terms = [...last.map((w) => `${w}:*${weight}`), ...completions.map((w) => `${w}:${weight}`)];
    const prefix = terms.join(' | ');
    return [...whole.map((w) => `${w}:${weight}`), alternatives > 1 ? `(${prefix})` : prefix].join(' & ');
  };
  return { any: tsquery(''), title: tsquery('A'), notTitle: `(${tsquery('')}) & !(${tsquery('A')})` }[scope];
}

/**
 * SQLite: a search as `stemsMatch` checks one listing's stems against it, the same words FTS5 is
 * asked for (`searchText`), each as FTS5 stems it.
 */
export function searchStems({ words, completions }: SearchWords, scope: TextScope): string {
  const stem = (word: string) => sqliteWords.stem(word)!;
  const last = lastWordPrefixes(sqliteWords, words.at(-1)!);
  return stemsPattern(scope, [
    ...words.slice(0, -1).map((word) => [stem(word)]),
    [...last.map((prefix) => `${stem(prefix)}*`), ...completions.map(stem)],
  ]);
}

/** A search as the database reads it: FTS5's syntax, and on SQLite its stems for a check of each row. */
export function searchValues(db: Executor, search: SearchWords, scope: TextScope): { match: string; stems?: string } {
  const match = searchText(db, search, scope);
  return isSqlite(db) ? { match, stems: searchStems(search, scope) } : { match };
}

/**
 * Narrows `q` to the listings matching a search (`searchText`; on SQLite with `eachRow`, its
 * `searchStems`) and gives the expression to order
 * them newest first by. SQLite drives from the FTS5 table and orders by its rowid, which FTS5
 * walks in order and stops at the LIMIT (ordering by listings.id would read and sort every
 * match); its prefix index (migration 017) makes the last word one more word of the index.
 * `eachRow` (a query driven by its owners, or walking a price index) instead checks each listing
 * read against its own stems (`searchStems`, migration 025): FTS5 checks a single row against a
 * search only by setting the search up again, for every row. PostgreSQL filters on the GIN-indexed
 * `search` tsvector, whose title words carry weight A (`eachRow`: on each listing's row,
 * `searchOfEachRow`).
 *
 * `parsedOnce`: PostgreSQL parses the search once per statement rather than for each row read.
 * A plan made for the search's value folds `to_tsquery` into a constant; a plan kept for every
 * value (`samePlan`) called it again for each of the thousands of listings a window walks.
 */
export function matching<Q extends ListingQuery>(
  db: Executor,
  q: Q,
  text: string,
  eachRow: boolean,
  tier?: 'title' | 'notTitle',
  parsedOnce = false,
) {
  if (isSqlite(db)) {
    if (eachRow) {
      // Each listing read is checked against its own stems: no seek into the owner's listings for
      // every match, and no gathering of every match first (a common word has tens of thousands).
      return {
        q: q.where(sql<SqlBool>`stems_match(${sql.ref('listings.search_stems')}, ${text})`) as Q,
        id: sql.ref<number>('listings.id'),
      };
    }
    const joined = q.innerJoin(sql<{ rowid: number }>`listings_fts`.as('fts'), (join) =>
      join.on(sql<SqlBool>`${sql.ref('fts.rowid')} = ${sql.ref('listings.id')}`),
    ) as unknown as Q;
    return {
      q: joined.where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${text}`) as Q,
      id: sql.ref<number>('fts.rowid'),
    };
  }
  const search = eachRow ? searchOfEachRow : sql.ref('listings.search');
  const words = parsedOnce ? sql`(select to_tsquery('english', ${text}))` : sql`to_tsquery('english', ${text})`;
  const inTitle = sql<SqlBool>`${titleWords} @@ ${words}`;
  const where = {
    title: inTitle,
    notTitle: sql<SqlBool>`${search} @@ ${words} and not ${inTitle}`,
    any: sql<SqlBool>`${search} @@ ${words}`,
  }[tier ?? 'any'];
  return { q: q.where(where) as Q, id: sql.ref<number>('listings.id') };
}

/**
 * A listing's `search` tsvector as each row read holds it, for a query driven by a few owners'
 * listings: `search || ''`, which the GIN index does not serve, keeps PostgreSQL from ANDing
 * those few rows with the index's bitmap of every listing holding the word, once per owner.
 */
export const searchOfEachRow = sql`(${sql.ref('listings.search')} || ''::tsvector)`;

/**
 * A title's own words on PostgreSQL, which `listings_title_search` indexes (migration 018): the
 * title tier's older matches are gathered there, without reading every listing whose
 * description holds the word to look at its weights.
 */
const titleWords = sql`to_tsvector('english', ${sql.ref('listings.title')})`;

const countMatches = preparedQuery((db, v: { match: string; limit: number }) => {
  const matches = isSqlite(db)
    ? db
        .selectFrom(sql<{ rowid: number; listings_fts: string }>`listings_fts`.as('fts'))
        .select('fts.rowid as id')
        .where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${v.match}`)
        .limit(v.limit)
    : db
        .selectFrom('listings')
        .select('listings.id')
        .where(sql<SqlBool>`${sql.ref('listings.search')} @@ to_tsquery('english', ${v.match})`)
        .limit(v.limit);
  return db.selectFrom(matches.as('matches')).select((eb) => eb.fn.countAll<number>().as('n'));
});

/** Whether more than `bound` listings of any kind match the search, counted in the full-text index no further. */
export async function matchesMoreThan(db: Executor, search: SearchWords, bound: number): Promise<boolean> {
  const [row] = await countMatches(db, { match: searchText(db, search, 'any'), limit: bound + 1 });
  return Number(row!.n) > bound;
}
