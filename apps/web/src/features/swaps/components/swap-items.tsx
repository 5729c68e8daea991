import { type Swap } from '@gardenswap/shared/swaps';
import { SWAP_TEXTS } from '@gardenswap/shared/swap-texts';
import { Link } from 'react-router';

/** "They have: Cherry tomatoes · They want: your Basil seedlings", each naming its listing with a link. */
export function SwapItems({ swap }: { swap: Swap }) {
  return (
    <p className="swap-items">
      <span>
        {SWAP_TEXTS.theyHave} <Link to={`/listings/${swap.their_listing.id}`}>{swap.their_listing.title}</Link>
      </span>
      <span aria-hidden> · </span>
      <span>
        {SWAP_TEXTS.theyWant} <Link to={`/listings/${swap.your_listing.id}`}>{swap.your_listing.title}</Link>
      </span>
    </p>
  );
}
