import { SWAP_TEXTS } from '@gardenswap/shared/swap-texts';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { distanceLabel, locationLabel } from '../../../lib/format';
import { useSwaps } from '../api/use-swaps';
import { SwapItems } from './swap-items';
import '../swaps.css';

/** The marketplace's "Swaps for you": members to swap with, nearest first, kept live. */
export function SwapsSection() {
  const swaps = useSwaps();
  return (
    <section className="card swaps-section" aria-labelledby="swaps-title" aria-busy={swaps.isFetching}>
      <h2 id="swaps-title">{SWAP_TEXTS.sectionTitle}</h2>
      {swaps.isPending ? (
        <Loading />
      ) : swaps.isError ? (
        <div className="row">
          <ErrorBanner message={SWAP_TEXTS.loadFailed} />
          <button type="button" className="button" onClick={() => void swaps.refetch()}>
            Try again
          </button>
        </div>
      ) : swaps.data.length === 0 ? (
        <p className="muted">{SWAP_TEXTS.none}</p>
      ) : (
        <>
          <p className="muted">{SWAP_TEXTS.sectionIntro}</p>
          <ul className="swaps-list">
            {swaps.data.map((swap) => (
              <li key={swap.member.id} className="swap">
                <Avatar src={swap.member.profile_picture} name={swap.member.username} size={40} />
                <div className="swap-text">
                  <p className="swap-member">
                    <Link to={`/seller/${swap.member.id}`}>@{swap.member.username}</Link>
                    <span className="muted"> {distanceLabel(swap.distance_miles) ?? locationLabel(swap.member)}</span>
                  </p>
                  <SwapItems swap={swap} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
