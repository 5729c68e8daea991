import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/feedback';
import { useTradeRecord } from '../api/use-trades';
import { useHideThanks } from '../api/use-trade-actions';
import { errorText } from './error-text';
import '../trade.css';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "14 trades · 11 thanks" and the latest thanks, on a seller page; the member hides thanks given to them. */
export function TradeRecordSection({ userId, own }: { userId: number; own: boolean }) {
  const record = useTradeRecord(userId);
  const hide = useHideThanks();
  if (record.isPending) return null;
  if (record.isError) return <ErrorBanner message="Failed to load the trades. Please try again later." />;
  const { trade_count, thanks_count, latest_thanks } = record.data;
  return (
    <section className="card trade-record" aria-labelledby="trade-record-title">
      <h2 id="trade-record-title" className="row trade-heading">
        <Heart aria-hidden size={18} /> {plural(trade_count, 'trade')} · {thanks_count} thanks
      </h2>
      {latest_thanks.length > 0 && (
        <ul className="trade-record-thanks" aria-label="Latest thanks">
          {latest_thanks.map((t) => (
            <li key={t.id}>
              <blockquote>“{t.content}”</blockquote>
              <p className="muted">
                — <Link to={`/seller/${t.from_user.id}`}>{t.from_user.username}</Link>, for {t.listing_title}
              </p>
              {own && (
                <button
                  type="button"
                  className="button button-ghost"
                  disabled={hide.isPending}
                  onClick={() => hide.mutate(t.id)}
                >
                  Hide this thanks
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorBanner
        message={hide.isError ? errorText(hide.error, 'Failed to hide the thanks. Please try again.') : null}
      />
    </section>
  );
}
