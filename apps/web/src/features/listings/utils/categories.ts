import { CATEGORIES, LISTING_STATES, LISTING_TYPES } from '@gardenswap/shared/constants';

export type CategoryName = keyof typeof CATEGORIES;

/** The spec's category buttons, produce first. */
export const CATEGORY_OPTIONS = (Object.entries(CATEGORIES) as [CategoryName, number][]).map(([name, id]) => ({
  name,
  id,
}));

/** "produce", "seeds", "plants", or the spec's "uncategorized" for anything else. */
export function categoryName(categoryId: number): string {
  return CATEGORY_OPTIONS.find((c) => c.id === categoryId)?.name ?? 'uncategorized';
}

export const isCategoryName = (value: string | null): value is CategoryName =>
  value !== null && Object.prototype.hasOwnProperty.call(CATEGORIES, value);

/** Groups items by category in the spec's order, uncategorized last; empty groups are left out. */
export function groupByCategory<T extends { category_id: number }>(items: T[]) {
  const groups = [...CATEGORY_OPTIONS.map((c) => c.name), 'uncategorized'].map((name) => ({
    name,
    items: items.filter((item) => categoryName(item.category_id) === name),
  }));
  return groups.filter((g) => g.items.length > 0);
}

/** The type dropdown of the post form, in the spec's order. */
export const TYPE_OPTIONS = [
  { id: LISTING_TYPES.sell, label: 'Sell' },
  { id: LISTING_TYPES.exchange, label: 'Exchange' },
  { id: LISTING_TYPES.giveaway, label: 'Giveaway' },
];

/** The status control of the detail and edit screens. */
export const STATE_OPTIONS = [
  { id: LISTING_STATES.available, label: 'Available' },
  { id: LISTING_STATES.reserved, label: 'Reserved' },
  { id: LISTING_STATES.gone, label: 'Gone' },
];

/**
 * The statuses an owner may pick for a listing now: Reserved is for one member, chosen under
 * "Reserve for …", so it is offered only while the listing is reserved (to keep it so).
 */
export function stateOptionsFor(stateId: number | undefined) {
  return STATE_OPTIONS.filter((o) => o.id !== LISTING_STATES.reserved || stateId === LISTING_STATES.reserved);
}

/** A status other than available, as the detail page reads it. */
export function stateLabel(stateId: number): string | undefined {
  if (stateId === LISTING_STATES.reserved) return 'Reserved';
  if (stateId === LISTING_STATES.gone) return 'No longer available';
  return undefined;
}

/** A status other than available, as a card's badge reads it (short: a card is small). */
export function stateBadge(stateId: number): string | undefined {
  if (stateId === LISTING_STATES.reserved) return 'Reserved';
  if (stateId === LISTING_STATES.gone) return 'Gone';
  return undefined;
}
