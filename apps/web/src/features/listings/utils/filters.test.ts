import { describe, expect, it } from 'vitest';
import { listingsPath } from '../api/use-listings';
import { DEFAULT_FILTERS, readFilters, searchOf, writeFilters } from './filters';
import { distanceLabel } from '../../../lib/format';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('filters → GET /listings/ query', () => {
  it('asks nothing beyond the category with the defaults (max 100 means no upper bound)', () => {
    expect(searchOf(DEFAULT_FILTERS, 1)).toEqual({ category_id: 1 });
    expect(listingsPath({ public: true, ...searchOf(DEFAULT_FILTERS, 1) })).toBe(
      '/listings/?public=true&category_id=1',
    );
  });

  it('maps every choice to the API names, type_id repeated', () => {
    const filters = read('q=cherry%20tom&sort=lowest&types=sell,giveaway&min=3&max=40&within=25');
    const search = searchOf(filters, 2);
    expect(search).toEqual({
      q: 'cherry tom',
      type_id: [1, 3],
      category_id: 2,
      min_price: 3,
      max_price: 40,
      within_miles: 25,
      sort: 'lowest',
    });
    expect(listingsPath({ friends: true, ...search })).toBe(
      '/listings/?friends=true&q=cherry+tom&type_id=1&type_id=3&category_id=2&min_price=3&max_price=40&within_miles=25&sort=lowest',
    );
  });

  it("asks a seed lot's filters of seeds only, pollination repeated", () => {
    const filters = read('pollination=hybrid,heirloom,nope&organic=1&mail=1&packed=5');
    expect(filters).toMatchObject({ pollination: ['heirloom', 'hybrid'], organic: true, canMail: true, packed: '5' });
    const search = searchOf(filters, 2);
    expect(search).toEqual({
      category_id: 2,
      pollination: ['heirloom', 'hybrid'],
      organic: true,
      can_mail: true,
      packed_within_years: 5,
    });
    expect(listingsPath({ public: true, ...search })).toBe(
      '/listings/?public=true&category_id=2&packed_within_years=5&pollination=heirloom&pollination=hybrid&organic=true&can_mail=true',
    );
    expect(searchOf(filters, 1)).toEqual({ category_id: 1 });
    expect(read('packed=4&organic=yes')).toMatchObject({ packed: '', organic: false });
    expect(writeFilters(new URLSearchParams('category=seeds'), filters).toString()).toBe(
      'category=seeds&pollination=heirloom%2Chybrid&organic=1&mail=1&packed=5',
    );
  });

  it('lets the server pick best match while searching and newest otherwise', () => {
    expect(read('q=kale').sort).toBe('relevance');
    expect(searchOf(read('q=kale'))).toEqual({ q: 'kale' });
    expect(read('sort=relevance').sort).toBe('newest');
    expect(searchOf(read('q=kale&sort=newest'))).toEqual({ q: 'kale', sort: 'newest' });
    expect(searchOf(read('sort=nearest'))).toEqual({ sort: 'nearest' });
  });

  it('asks nothing when no kind of listing is shown', () => {
    expect(searchOf(read('types='))).toBeNull();
  });

  it('ignores what is not a choice and keeps digits only', () => {
    expect(read('sort=cheapest&within=7&min=-4&max=1e3')).toEqual({ ...DEFAULT_FILTERS, min: '4', max: '13' });
  });

  it('writes back only what differs from the defaults, keeping tab and category', () => {
    const params = new URLSearchParams('tab=public&category=seeds');
    const written = writeFilters(params, { ...DEFAULT_FILTERS, q: ' figs ', within: '5', sort: 'relevance' });
    expect(written.toString()).toBe('tab=public&category=seeds&q=figs&within=5');
    expect(writeFilters(written, DEFAULT_FILTERS).toString()).toBe('tab=public&category=seeds');
  });
});

describe('distance label', () => {
  it('reads "2.3 mi", whole miles from 10, nothing when unknown', () => {
    expect(distanceLabel(2.3)).toBe('2.3 mi');
    expect(distanceLabel(2)).toBe('2.0 mi');
    expect(distanceLabel(0)).toBe('< 0.1 mi');
    expect(distanceLabel(76.4)).toBe('76 mi');
    expect(distanceLabel(null)).toBeUndefined();
  });
});
