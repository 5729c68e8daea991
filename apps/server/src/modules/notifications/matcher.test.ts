import { describe, expect, it } from 'vitest';
import { itemWords, titlesMatch } from './matcher.js';

describe('the wish-list matcher', () => {
  it('matches a want to a listing that names it among other words', () => {
    expect(titlesMatch('tomato', 'Cherry tomatoes')).toBe(true);
    expect(titlesMatch('Cherry tomatoes', 'tomato')).toBe(true);
  });

  it('matches a longer want to a shorter listing title', () => {
    expect(titlesMatch('seed potatoes', 'Potato')).toBe(true);
  });

  it('does not match different plants', () => {
    expect(titlesMatch('basil', 'tomato')).toBe(false);
    expect(titlesMatch('sweet basil', 'Cherry tomatoes')).toBe(false);
  });

  it('ignores case, plurals and filler words', () => {
    expect(titlesMatch('Some fresh organic tomatoes', 'TOMATO')).toBe(true);
    expect(titlesMatch('a bag of strawberries', 'Strawberry plants')).toBe(true);
    expect(itemWords('The Fresh Cherry Tomatoes')).toEqual(new Set(['cherry', 'tomato']));
  });

  it('needs every word of the shorter title, not just one', () => {
    expect(titlesMatch('cherry tomato', 'Roma tomatoes')).toBe(false);
    expect(titlesMatch('green beans', 'green peppers')).toBe(false);
  });

  it('matches nothing with a title made only of filler', () => {
    expect(titlesMatch('some fresh', 'Cherry tomatoes')).toBe(false);
    expect(titlesMatch('tomato', '!!!')).toBe(false);
  });

  it('does not match words that merely start alike', () => {
    expect(titlesMatch('pea', 'Peach')).toBe(false);
    expect(titlesMatch('peas', 'Snap pea seeds')).toBe(true);
  });
});
