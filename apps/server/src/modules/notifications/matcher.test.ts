import { describe, expect, it } from 'vitest';
import { postgresWords, searchTerms, sqliteWords, unchangedPrefix } from '../../lib/word-rule.js';
import { itemWords, titlesMatch } from './matcher.js';

describe.each([
  ['SQLite', sqliteWords],
  ['PostgreSQL', postgresWords],
] as const)('the wish-list matcher, by the rule of %s', (_name, rule) => {
  const match = (a: string, b: string) => titlesMatch(a, b, rule);

  it('matches a want to a listing that names it among other words', () => {
    expect(match('tomato', 'Cherry tomatoes')).toBe(true);
    expect(match('Cherry tomatoes', 'tomato')).toBe(true);
  });

  it('matches a longer want to a shorter listing title', () => {
    expect(match('seed potatoes', 'Potato')).toBe(true);
  });

  it('does not match different plants', () => {
    expect(match('basil', 'tomato')).toBe(false);
    expect(match('sweet basil', 'Cherry tomatoes')).toBe(false);
    expect(match('potatoes', 'Cherry tomatoes')).toBe(false);
  });

  it('ignores case, plurals and filler words', () => {
    expect(match('Some fresh organic tomatoes', 'TOMATO')).toBe(true);
    expect(match('a bag of strawberries', 'Strawberry plants')).toBe(true);
    expect(itemWords('The Fresh Cherry Tomatoes', rule)).toEqual(new Set(['cherri', 'tomato']));
  });

  it('needs every word of the shorter title, not just one', () => {
    expect(match('cherry tomato', 'Roma tomatoes')).toBe(false);
    expect(match('green beans', 'green peppers')).toBe(false);
  });

  it('matches nothing with a title made only of filler', () => {
    expect(match('some fresh', 'Cherry tomatoes')).toBe(false);
    expect(match('tomato', '!!!')).toBe(false);
  });

  it('does not match words that merely start alike', () => {
    expect(match('pea', 'Peach')).toBe(false);
    expect(match('peas', 'Snap pea seeds')).toBe(true);
  });

  it('searches for what the matcher matches on: filler dropped unless nothing else is left', () => {
    expect(searchTerms('Fresh basil', rule)).toEqual(['basil']);
    expect(searchTerms('fresh', rule)).toEqual(['fresh']);
  });

  it('keeps the typed beginning of a word the stemmer would rewrite', () => {
    expect(unchangedPrefix(rule, 'tomato')).toBe('tomato');
    expect(rule.stem(unchangedPrefix(rule, 'cherry')!)).toBe(unchangedPrefix(rule, 'cherry'));
    expect('cherry'.startsWith(unchangedPrefix(rule, 'cherry')!)).toBe(true);
  });
});

describe('the rules themselves', () => {
  it('follow FTS5: accents go, short words are not stemmed', () => {
    expect(sqliteWords.words('Jalapeño peppers')).toEqual(['jalapeno', 'peppers']);
    expect(sqliteWords.stem('as')).toBe('as');
    expect(sqliteWords.stem('qxmx1ey')).toBe('qxmx1ei');
    expect(unchangedPrefix(sqliteWords, 'qxmx1ey')).toBe('qxmx1e');
  });

  it("follow PostgreSQL's english configuration: stop words go, words with digits are kept", () => {
    expect(postgresWords.stem('the')).toBeUndefined();
    expect(postgresWords.stem('qxmx1ey')).toBe('qxmx1ey');
    expect(postgresWords.stem('strawberries')).toBe('strawberri');
  });
});
