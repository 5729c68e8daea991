import { DENSE_VIEWER, SELLER, SPARSE_VIEWER } from './seed.js';

/** Every list route the bench measures (pages 1 and 20) as [name, viewer, query]; the first is the public feed. */
export const LISTS: [string, number, string][] = [
  ['public', DENSE_VIEWER, 'public=true'],
  ['friends', DENSE_VIEWER, 'friends=true'],
  ['seller', DENSE_VIEWER, `user_id=${SELLER}`],
  ['mine', SELLER, 'mine=true'],
  ['filters', DENSE_VIEWER, 'public=true&type_id=1&type_id=3&category_id=2&min_price=5&max_price=30'],
  ['q', DENSE_VIEWER, 'q=tomato'],
  // A search in every other order it offers: newest, by price, nearest first.
  ['q newest', DENSE_VIEWER, 'q=tomato&sort=newest'],
  ['q lowest', DENSE_VIEWER, 'q=tomato&sort=lowest'],
  ['q nearest', DENSE_VIEWER, 'q=tomato&sort=nearest'],
  // "tomatoes" searches what "tomato" does: the same-bytes baseline tells routes by their paths.
  ['q nearest sparse', SPARSE_VIEWER, 'q=tomatoes&sort=nearest'],
  ['nearest', DENSE_VIEWER, 'sort=nearest'],
  ['within dense', DENSE_VIEWER, 'within_miles=10'],
  ['within sparse', SPARSE_VIEWER, 'within_miles=100'],
];

/** A query string as the route's query schema receives it: a repeated name as a list. */
export const queryParams = (query: string) =>
  [...new URLSearchParams(query).entries()].reduce<Record<string, string | string[]>>(
    (all, [k, v]) => ({ ...all, [k]: k in all ? ([] as string[]).concat(all[k]!, v) : v }),
    {},
  );
