import { SWAP_TEXTS } from '@gardenswap/shared/swap-texts';
import { ArrowLeftRight } from 'lucide-react';
import { useSwaps } from '../api/use-swaps';
import { SwapItems } from './swap-items';
import '../swaps.css';

/**
 * On a seller page: when this member and I could swap, a badge and the two items. Nothing while it
 * loads or when it fails: the rest of the page is what the visitor came for.
 */
export function SwapBadge({ userId }: { userId: number }) {
  const swaps = useSwaps(userId);
  const swap = swaps.data?.[0];
  if (!swap) return null;
  return (
    <div className="swap-badge" role="note" aria-label={SWAP_TEXTS.badge}>
      <span className="badge">
        <ArrowLeftRight aria-hidden size={14} /> {SWAP_TEXTS.badge}
      </span>
      <SwapItems swap={swap} />
    </div>
  );
}
