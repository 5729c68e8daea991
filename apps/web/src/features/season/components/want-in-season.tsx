import { CATEGORIES } from '@gardenswap/shared/constants';
import { IN_SEASON_TEXTS } from '@gardenswap/shared/in-season-texts';
import { produceOf } from '@gardenswap/shared/produce';
import type { InSeason } from '@gardenswap/shared/in-season';
import { Sprout } from 'lucide-react';
import '../season.css';

/**
 * Beside a produce want: "Tomatoes are being listed near you now" when listings naming the same
 * produce were listed near the member lately (whatever their count); nothing otherwise.
 */
export function WantInSeason({
  want,
  season,
}: {
  want: { title: string; category_id: number };
  season: InSeason | undefined;
}) {
  if (want.category_id !== CATEGORIES.produce || !season?.located) return null;
  const produce = produceOf(want.title);
  if (!produce || !season.crops.some((c) => c.crop === produce.crop)) return null;
  return (
    <p className="want-in-season">
      <Sprout aria-hidden size={16} /> {IN_SEASON_TEXTS.wantNearby(produce)}
    </p>
  );
}
