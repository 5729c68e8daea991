import { THANKS_MAX, type Trade } from '@gardenswap/shared/trade';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { TextArea } from '../../../components/field';
import { useMe } from '../../../lib/auth-context';
import { dayLabel } from '../../../lib/format';
import { useThank } from '../../../features/trade/api/use-trade-actions';
import { useMyTrades } from '../../../features/trade/api/use-trades';
import { errorText } from '../../../features/trade/components/error-text';
import '../../../features/trade/trade.css';

const KIND = { given: 'given', swapped: 'swapped', sold: 'sold' } as const;

/** /trades: the listings I handed over or received, each with a short thanks to the other member. */
export default function TradesPage() {
  const trades = useMyTrades();
  return (
    <div className="trades-page">
      <div className="page-header">
        <h1>Your trades</h1>
      </div>
      {trades.isPending ? (
        <Loading />
      ) : trades.isError ? (
        <ErrorBanner message="Failed to load your trades. Please try again later." />
      ) : trades.data.length === 0 ? (
        <EmptyState>
          <p>No trades yet.</p>
          <p className="muted">
            When a listing changes hands, it shows here and you can thank the other member.{' '}
            <Link to="/listings">Browse the marketplace</Link>
          </p>
        </EmptyState>
      ) : (
        <ul className="trades-list" aria-label="Your trades">
          {trades.data.map((t) => (
            <TradeItem key={t.id} trade={t} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TradeItem({ trade }: { trade: Trade }) {
  const me = useMe();
  const iGave = trade.owner.id === me.id;
  const other = iGave ? trade.receiver : trade.owner;
  const thank = useThank(trade.id);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    thank.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <li className="card trade-form">
      <p>
        <strong>{trade.listing_title}</strong> — {iGave ? `${KIND[trade.kind]} to ` : `${KIND[trade.kind]} to you by `}
        <Link to={`/seller/${other.id}`}>{other.username}</Link>, {dayLabel(trade.created_at)}
      </p>
      {trade.thanked_by_me ? (
        <p className="muted">You thanked {other.username}.</p>
      ) : (
        <form onSubmit={submit} aria-label={`Thank ${other.username}`} className="trade-form">
          <TextArea
            label={`Thanks to ${other.username}`}
            value={text}
            maxLength={THANKS_MAX}
            required
            rows={2}
            hint={`${text.length}/${THANKS_MAX}`}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <ErrorBanner
            message={thank.isError ? errorText(thank.error, 'Failed to send your thanks. Please try again.') : null}
          />
          <div>
            <button type="submit" className="button button-primary" disabled={thank.isPending || !text.trim()}>
              {thank.isPending ? 'Sending...' : 'Send thanks'}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
