import { ArrowLeft, MapPin, Users } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { Tabs } from '../../../components/tabs';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { locationLabel } from '../../../lib/format';
import { usePublicUser } from '../../../features/friends/api/use-public-user';
import { ApproximateSpot } from '../approximate-spot';
import { FriendControls } from '../../../features/friends/components/friend-controls';
import { MessageBar } from './message-bar';
import { SellerHaves } from './seller-haves';
import { SellerWants } from './seller-wants';
import { SafetyActions } from '../../../features/safety/components/safety-actions';
import { SwapBadge } from '../../../features/swaps/components/swap-badge';
import { TradeRecordSection } from '../../../features/trade/components/trade-record';
import './seller.css';

type Tab = 'have' | 'want';
const TABS: { value: Tab; label: string }[] = [
  { value: 'have', label: 'Have' },
  { value: 'want', label: 'Want' },
];

const friendsLabel = (count: number) => `${count} friend${count === 1 ? '' : 's'}`;

/** /seller/{id}: a member's public profile, what they have and want, and how to reach them. */
export default function SellerPage() {
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return userId ? <SellerProfile userId={userId} /> : <UserNotFound />;
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened straight from a QR code or a shared link there is nothing to go back to.
  const back = () => (location.key === 'default' ? navigate('/listings') : navigate(-1));
  return (
    <button type="button" className="icon-button seller-back" onClick={back} aria-label="Back">
      <ArrowLeft aria-hidden size={24} />
    </button>
  );
}

function UserNotFound() {
  return (
    <div className="seller-page">
      <BackButton />
      <div className="empty-state seller-missing">
        <h1>User not found</h1>
        <Link to="/listings">Go to the marketplace</Link>
      </div>
    </div>
  );
}

function SellerProfile({ userId }: { userId: number }) {
  const me = useMe();
  const own = userId === me.id;
  const user = usePublicUser(userId);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'want' ? 'want' : 'have';
  const showTab = (next: Tab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'want') copy.set('tab', 'want');
        else copy.delete('tab');
        return copy;
      },
      { replace: true },
    );

  if (user.isPending) return <Loading />;
  if (user.isError) {
    if (user.error instanceof ApiError && user.error.status === 404) return <UserNotFound />;
    return (
      <div className="seller-page">
        <BackButton />
        <ErrorBanner message="Failed to fetch data. Please try again later" />
        <button type="button" className="button" onClick={() => void user.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const seller = user.data;
  return (
    <div className={`seller-page${own ? '' : ' seller-page-with-bar'}`}>
      <BackButton />
      <section className="card seller-header" aria-labelledby="seller-name">
        <Avatar src={seller.profile_picture} name={seller.username} size={88} />
        <div className="seller-header-text">
          <h1 id="seller-name">
            <MiddleEllipsis text={`@${seller.username}`} />
          </h1>
          <p className="row seller-meta">
            <MapPin aria-hidden size={18} />
            {locationLabel(seller)}
          </p>
          <p className="row seller-meta">
            <Users aria-hidden size={18} />
            {friendsLabel(seller.friend_count)}
          </p>
          {own && <p className="muted seller-own">This is how other members see your profile.</p>}
        </div>
        {!own && <SwapBadge userId={seller.id} />}
        {!own && <FriendControls user={seller} />}
        {!own && <SafetyActions userId={seller.id} username={seller.username} />}
      </section>

      {seller.spot && <ApproximateSpot spot={seller.spot} />}

      <TradeRecordSection userId={userId} own={own} />

      <section className="seller-lists">
        <Tabs label={`${seller.username}'s lists`} tabs={TABS} value={tab} onChange={showTab} idPrefix="seller" />
        <div id="seller-panel" role="tabpanel" aria-labelledby={`seller-tab-${tab}`}>
          {tab === 'have' ? <SellerHaves userId={userId} /> : <SellerWants userId={userId} />}
        </div>
      </section>

      {!own && <MessageBar userId={userId} username={seller.username} />}
    </div>
  );
}
