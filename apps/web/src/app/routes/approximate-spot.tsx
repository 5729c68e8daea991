import type { Spot } from '@gardenswap/shared/listings';
import { Suspense, lazy } from 'react';
import { useSite } from '../../features/site/api/use-site';

// The small map loads where there is a spot to show, never with a page's first paint.
const SpotMap = lazy(() => import('../../features/map/components/spot-map').then((m) => ({ default: m.SpotMap })));

/**
 * A listing's or a member's approximate spot on a small map, with the basemap this Gardenswap is
 * set up with: the same spot the marketplace's map shows them at.
 */
export function ApproximateSpot({ spot }: { spot: Spot }) {
  const site = useSite();
  if (site.isPending) return null;
  return (
    <Suspense fallback={null}>
      <SpotMap spot={spot} tiles={site.data?.map_tiles ?? null} />
    </Suspense>
  );
}
