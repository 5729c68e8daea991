import { POLLINATIONS, type Pollination, type SeedLot } from '@gardenswap/shared';
import type { ListingsTable } from '../../db/schema.js';

type SeedLotRow = Pick<ListingsTable, keyof SeedLot>;

const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/** A seed lot's details as the listing's row keeps them (flags 0/1); only those given are set. */
export function seedLotColumns(lot: Partial<SeedLot>): Partial<SeedLotRow> {
  const row: Partial<SeedLotRow> = {};
  if (lot.variety !== undefined) row.variety = lot.variety;
  if (lot.packed_year !== undefined) row.packed_year = lot.packed_year;
  if (lot.pollination !== undefined) row.pollination = lot.pollination;
  if (lot.organic !== undefined) row.organic = flag(lot.organic);
  if (lot.quantity !== undefined) row.quantity = lot.quantity;
  if (lot.can_mail !== undefined) row.can_mail = flag(lot.can_mail);
  return row;
}

const isPollination = (value: string | null): value is Pollination =>
  value !== null && (POLLINATIONS as readonly string[]).includes(value);

/** A row's seed lot details as the API answers them. */
export function seedLotOf(row: SeedLotRow): SeedLot {
  return {
    variety: row.variety,
    packed_year: row.packed_year === null ? null : Number(row.packed_year),
    pollination: isPollination(row.pollination) ? row.pollination : null,
    organic: row.organic === null ? null : row.organic === 1,
    quantity: row.quantity,
    can_mail: row.can_mail === null ? null : row.can_mail === 1,
  };
}
