import { POLLINATIONS, type Pollination } from '@gardenswap/shared/constants';
import type { SeedLot } from '@gardenswap/shared/seed-lots';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';

/** The pollination choices of the form and the filter, in the contract's order. */
export const POLLINATION_OPTIONS: { id: Pollination; label: string }[] = POLLINATIONS.map((id) => ({
  id,
  label: SEED_TEXTS.pollinationLabels[id],
}));

/** Whether a listing says anything of its seed lot (seed listings from before say nothing). */
export const hasSeedLot = (lot: SeedLot) =>
  lot.variety !== null ||
  lot.packed_year !== null ||
  lot.pollination !== null ||
  lot.organic !== null ||
  lot.quantity !== null ||
  lot.can_mail !== null;

/**
 * A card's compact line of a seed lot: "Heirloom · organic · packed 2023 · can mail", with only
 * what the member said ("don't know" is not worth a card's room); undefined when that is nothing.
 */
export function seedLotLine(lot: SeedLot): string | undefined {
  const parts = [
    lot.pollination && lot.pollination !== 'unknown' ? SEED_TEXTS.pollinationLabels[lot.pollination] : undefined,
    lot.organic ? SEED_TEXTS.cardOrganic : undefined,
    lot.packed_year !== null ? SEED_TEXTS.cardPacked(lot.packed_year) : undefined,
    lot.can_mail ? SEED_TEXTS.cardCanMail : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The year it is where the member is: what the germination hint counts a lot's age from. */
export const thisYear = () => new Date().getFullYear();
