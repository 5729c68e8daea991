import type { Listing } from '@gardenswap/shared/listings';
import { LISTING_STATES } from '@gardenswap/shared/constants';
import {
  type InterestedMember,
  type ListingTradeStatus,
  TRADE_KINDS,
  TRADE_TEXTS,
  type TradeKind,
} from '@gardenswap/shared/trade';
import { CalendarClock, Gift, HandHeart, MessageCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { SelectField, TextField } from '../../../components/field';
import { useInterests, useListingTrade } from '../api/use-listing-trade';
import { useExpressInterest, useHandOver, useReservation } from '../api/use-trade-actions';
import { errorText } from './error-text';
import { PickupSection } from './pickup-section';
import { ReserveForm } from './reserve-form';
import '../trade.css';

const KIND_LABELS: Record<TradeKind, string> = { given: 'Given', swapped: 'Swapped', sold: 'Sold' };

/** The trade on a listing's page: "I'd like this" for others; interested members, reserve and hand over for its owner. */
export function TradePanel({ listing }: { listing: Listing }) {
  const status = useListingTrade(listing.id);
  if (status.isPending) return <Loading label="Loading the trade..." />;
  if (status.isError)
    return <ErrorBanner message="Failed to load who asked for this listing. Please try again later." />;
  return status.data.is_owner ? (
    <OwnerPanel listing={listing} status={status.data} />
  ) : (
    <MemberPanel listing={listing} status={status.data} />
  );
}

function ReservedForYou({ note }: { note: string | null }) {
  return (
    <div className="trade-reserved-for-you" role="status">
      <strong>{TRADE_TEXTS.reservedForYou}</strong>
      {note && (
        <p className="trade-pickup-note">
          <CalendarClock aria-hidden size={16} /> {note}
        </p>
      )}
    </div>
  );
}

function MemberPanel({ listing, status }: { listing: Listing; status: ListingTradeStatus }) {
  const navigate = useNavigate();
  const like = useExpressInterest(listing.id);
  const chat = `/messages/${listing.owner_id}`;
  return (
    <section className="trade-panel" aria-label="Trade">
      {status.reserved_for_me && <ReservedForYou note={status.pickup_note} />}
      {status.reserved_for_me && status.state_id === LISTING_STATES.reserved && (
        <PickupSection
          listingId={listing.id}
          pickup={status.pickup ?? null}
          isOwner={false}
          other={listing.owner.username}
        />
      )}
      {status.trade && (
        <p className="trade-done" role="status">
          <Gift aria-hidden size={16} /> {listing.owner.username} handed this over to you.{' '}
          {!status.trade.thanked_by_me && <Link to="/trades">Say thanks</Link>}
        </p>
      )}
      {status.state_id !== LISTING_STATES.gone &&
        (status.interested ? (
          <p className="muted">
            You asked for this. <Link to={chat}>Open the chat</Link>
          </p>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={like.isPending}
            onClick={() => like.mutate(undefined, { onSuccess: (r) => navigate(`/messages/${r.owner_id}`) })}
          >
            <HandHeart aria-hidden size={18} /> {like.isPending ? 'Sending...' : "I'd like this"}
          </button>
        ))}
      <ErrorBanner
        message={like.isError ? errorText(like.error, 'Failed to send your request. Please try again.') : null}
      />
    </section>
  );
}

function OwnerPanel({ listing, status }: { listing: Listing; status: ListingTradeStatus }) {
  const interests = useInterests(listing.id, true);
  const { release } = useReservation(listing.id);
  const [reserving, setReserving] = useState<InterestedMember | null>(null);
  const [handingOver, setHandingOver] = useState(false);
  const gone = status.state_id === LISTING_STATES.gone;
  const members = interests.data ?? [];

  return (
    <section className="trade-panel" aria-labelledby="trade-interested">
      {status.state_id === LISTING_STATES.reserved && (
        <div className="trade-reserved" role="status">
          {status.reserved_for ? (
            <p>
              Reserved for <Link to={`/seller/${status.reserved_for.id}`}>{status.reserved_for.username}</Link>
            </p>
          ) : (
            <p>{TRADE_TEXTS.reserved}</p>
          )}
          {status.pickup_note && (
            <p className="trade-pickup-note">
              <CalendarClock aria-hidden size={16} /> {status.pickup_note}
            </p>
          )}
          <button type="button" className="button" disabled={release.isPending} onClick={() => release.mutate()}>
            {release.isPending ? 'Saving...' : 'Un-reserve'}
          </button>
          <ErrorBanner
            message={release.isError ? errorText(release.error, 'Failed to un-reserve. Please try again.') : null}
          />
        </div>
      )}
      {status.state_id === LISTING_STATES.reserved && status.reserved_for && (
        <PickupSection
          listingId={listing.id}
          pickup={status.pickup ?? null}
          isOwner
          other={status.reserved_for.username}
          onHandOver={() => setHandingOver(true)}
        />
      )}
      {gone && status.trade && (
        <p className="trade-done" role="status">
          <Gift aria-hidden size={16} /> {KIND_LABELS[status.trade.kind]} to {status.trade.receiver.username}.{' '}
          {!status.trade.thanked_by_me && <Link to="/trades">Say thanks</Link>}
        </p>
      )}

      <h2 id="trade-interested" className="trade-heading">
        Interested members
      </h2>
      {interests.isPending ? (
        <Loading />
      ) : interests.isError ? (
        <ErrorBanner message="Failed to load who asked for this listing. Please try again later." />
      ) : members.length === 0 ? (
        <p className="muted">No one has asked for this yet.</p>
      ) : (
        <ul className="trade-interested">
          {members.map((m) => (
            <li key={m.id} className="trade-member">
              <Avatar src={m.profile_picture} name={m.username} size={32} />
              <Link to={`/seller/${m.id}`}>{m.username}</Link>
              <Link className="button button-ghost" to={`/messages/${m.id}`} aria-label={`Chat with ${m.username}`}>
                <MessageCircle aria-hidden size={16} /> Chat
              </Link>
              {!gone && status.reserved_for?.id !== m.id && (
                <button type="button" className="button" onClick={() => setReserving(m)}>
                  Reserve for {m.username}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {reserving && !gone && (
        <ReserveForm listingId={listing.id} member={reserving} onDone={() => setReserving(null)} />
      )}
      {!gone &&
        (handingOver ? (
          <HandOverForm listingId={listing.id} members={members} status={status} onDone={() => setHandingOver(false)} />
        ) : (
          <button type="button" className="button button-primary" onClick={() => setHandingOver(true)}>
            <Gift aria-hidden size={18} /> Hand over
          </button>
        ))}
    </section>
  );
}

const SOMEONE_ELSE = 'other';

function HandOverForm(props: {
  listingId: number;
  members: InterestedMember[];
  status: ListingTradeStatus;
  onDone: () => void;
}) {
  const { listingId, members, status, onDone } = props;
  const handOver = useHandOver(listingId);
  const [kind, setKind] = useState<TradeKind>('given');
  const [to, setTo] = useState(String(status.reserved_for?.id ?? members[0]?.id ?? SOMEONE_ELSE));
  const [username, setUsername] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    handOver.mutate(to === SOMEONE_ELSE ? { kind, username: username.trim() } : { kind, user_id: Number(to) }, {
      onSuccess: onDone,
    });
  };
  return (
    <form className="card trade-form" onSubmit={submit} aria-label="Hand over">
      {/* Opened from "Was it handed over?" too: focus brings the form into view. */}
      <SelectField label="How" value={kind} autoFocus onChange={(e) => setKind(e.currentTarget.value as TradeKind)}>
        {TRADE_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <SelectField label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)}>
        {members.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.username}
          </option>
        ))}
        <option value={SOMEONE_ELSE}>Someone else (by username)</option>
      </SelectField>
      {to === SOMEONE_ELSE && (
        <TextField label="Username" value={username} required onChange={(e) => setUsername(e.currentTarget.value)} />
      )}
      <ErrorBanner
        message={handOver.isError ? errorText(handOver.error, 'Failed to hand over. Please try again.') : null}
      />
      <div className="row">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={handOver.isPending}>
          {handOver.isPending ? 'Saving...' : 'Mark as handed over'}
        </button>
      </div>
    </form>
  );
}
