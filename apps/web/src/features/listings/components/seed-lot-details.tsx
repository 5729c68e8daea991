import type { Listing } from '@gardenswap/shared/listings';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { germinationHint } from '@gardenswap/shared/seed-viability';
import { Sprout } from 'lucide-react';
import { Fragment } from 'react';
import { hasSeedLot, thisYear } from '../utils/seed-lot';

/**
 * A seed lot's details on its page, each one the member gave, and the germination hint for seed
 * packed longer ago than its crop usually keeps. Nothing for a listing that says none.
 */
export function SeedLotDetails({ listing }: { listing: Listing }) {
  if (!hasSeedLot(listing)) return null;
  const hint = germinationHint(listing, thisYear());
  const rows: [string, string][] = [];
  if (listing.variety) rows.push([SEED_TEXTS.variety, listing.variety]);
  if (listing.packed_year !== null) rows.push([SEED_TEXTS.packedYear, String(listing.packed_year)]);
  if (listing.pollination) rows.push([SEED_TEXTS.pollination, SEED_TEXTS.pollinationLabels[listing.pollination]]);
  if (listing.organic !== null) rows.push([SEED_TEXTS.organic, listing.organic ? SEED_TEXTS.yes : SEED_TEXTS.no]);
  if (listing.quantity) rows.push([SEED_TEXTS.quantity, listing.quantity]);
  if (listing.can_mail !== null)
    rows.push([SEED_TEXTS.handover, listing.can_mail ? SEED_TEXTS.pickupOrMail : SEED_TEXTS.pickupOnly]);
  return (
    <section className="seed-lot" aria-labelledby="seed-lot-title">
      <h2 id="seed-lot-title" className="seed-lot-title">
        {SEED_TEXTS.detailTitle}
      </h2>
      <dl className="seed-lot-details">
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {hint && (
        <p className="germination-hint" role="note">
          <Sprout aria-hidden size={16} /> {hint}
        </p>
      )}
    </section>
  );
}
