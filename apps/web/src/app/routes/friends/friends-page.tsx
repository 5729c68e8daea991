import type { FriendRequest } from '@gardenswap/shared/friends';
import { QrCode, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { useMe } from '../../../lib/auth-context';
import { profileLink } from '../../../lib/links';
import { useFriendRequests } from '../../../features/friends/api/use-friend-requests';
import { useFriends } from '../../../features/friends/api/use-friends';
import { useRemoveFriend } from '../../../features/friends/api/use-remove-friend';
import { useRespondFriendRequest } from '../../../features/friends/api/use-respond-friend-request';
import { FindGardeners } from '../../../features/friends/components/find-gardeners';
import { FriendCard } from '../../../features/friends/components/friend-card';
import { QrCodeModal, ShareLinkModal } from '../../../features/friends/components/share-profile';
import './friends.css';
import { SearchField } from '../../../components/search-field';

type View = 'friends' | 'pending';
type ShareModal = 'qr' | 'link' | null;

const matches = (query: string) => {
  const needle = query.trim().toLowerCase();
  return (member: { username: string }) => !needle || member.username.toLowerCase().includes(needle);
};

/** /myfriends: my friends, the requests waiting on either side, and ways to be found. */
export default function FriendsPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'pending' ? 'pending' : 'friends';
  const [query, setQuery] = useState('');
  const [modal, setModal] = useState<ShareModal>(null);
  const incoming = useFriendRequests('incoming');
  const link = profileLink(me.id);

  const showView = (next: View) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'pending') copy.set('view', 'pending');
        else copy.delete('view');
        return copy;
      },
      { replace: true },
    );

  const incomingCount = incoming.data?.length ?? 0;
  return (
    <div className="friends-page">
      <div className="page-header">
        <h1>My friends</h1>
      </div>

      <div className="friends-share">
        <button type="button" className="button" onClick={() => setModal('qr')}>
          <QrCode aria-hidden size={18} />
          Use QR Code
        </button>
        <button type="button" className="button" onClick={() => setModal('link')}>
          <Share2 aria-hidden size={18} />
          Share your profile link
        </button>
      </div>

      <div className="friends-toolbar">
        <div className="segmented" role="group" aria-label="Friends or pending requests">
          <button type="button" aria-pressed={view === 'friends'} onClick={() => showView('friends')}>
            Show Friends
          </button>
          <button type="button" aria-pressed={view === 'pending'} onClick={() => showView('pending')}>
            Show Pending
            {incomingCount > 0 && (
              <span className="count-badge">
                {incomingCount}
                <span className="visually-hidden"> waiting for you</span>
              </span>
            )}
          </button>
        </div>
        <SearchField label="Search by username" value={query} onChange={setQuery} />
      </div>

      {view === 'friends' ? (
        <FriendsView query={query} onShare={() => setModal('link')} />
      ) : (
        <PendingView query={query} />
      )}

      <FindGardeners />

      {modal === 'qr' && <QrCodeModal link={link} onClose={() => setModal(null)} />}
      {modal === 'link' && <ShareLinkModal link={link} onClose={() => setModal(null)} />}
    </div>
  );
}

function FriendsView({ query, onShare }: { query: string; onShare: () => void }) {
  const friends = useFriends();
  if (friends.isPending) return <Loading />;
  if (friends.isError) return <LoadError onRetry={() => void friends.refetch()} />;
  if (friends.data.length === 0) {
    return (
      <EmptyState>
        <p>You have no friends on Gardenswap yet.</p>
        <p>Share your profile link so neighbours can add you.</p>
        <button type="button" className="button button-primary" onClick={onShare}>
          Share your profile link
        </button>
      </EmptyState>
    );
  }
  const shown = friends.data.filter(matches(query));
  if (shown.length === 0) return <EmptyState>No friends match “{query.trim()}”.</EmptyState>;
  return (
    <ul className="friends-grid" aria-label="Friends">
      {shown.map((friend) => (
        <FriendCard key={friend.id} userId={friend.id} username={friend.username} picture={friend.profile_picture} />
      ))}
    </ul>
  );
}

function PendingView({ query }: { query: string }) {
  const incoming = useFriendRequests('incoming');
  const outgoing = useFriendRequests('outgoing');
  const respond = useRespondFriendRequest();
  const remove = useRemoveFriend();
  const [error, setError] = useState<string>();

  if (incoming.isPending || outgoing.isPending) return <Loading />;
  if (incoming.isError || outgoing.isError) {
    return <LoadError onRetry={() => void Promise.all([incoming.refetch(), outgoing.refetch()])} />;
  }
  if (incoming.data.length === 0 && outgoing.data.length === 0) {
    return <EmptyState>No pending requests.</EmptyState>;
  }

  const answer = (request: FriendRequest, accept: boolean) => {
    setError(undefined);
    respond.mutate(
      { requestId: request.id, userId: request.user_id, accept },
      {
        onError: () => setError(accept ? 'Failed to accept friend request' : 'Failed to decline friend request'),
      },
    );
  };
  const cancel = (request: FriendRequest) => {
    setError(undefined);
    remove.mutate(request.user_id, { onError: () => setError('Failed to cancel friend request') });
  };
  const busyWith = (request: FriendRequest) =>
    (respond.isPending && respond.variables?.requestId === request.id) ||
    (remove.isPending && remove.variables === request.user_id);

  const filter = matches(query);
  const toMe = incoming.data.filter(filter);
  const fromMe = outgoing.data.filter(filter);
  return (
    <div className="pending">
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      {toMe.length === 0 && fromMe.length === 0 && <EmptyState>No pending requests match “{query.trim()}”.</EmptyState>}
      {toMe.length > 0 && (
        <section aria-labelledby="pending-incoming">
          <h2 id="pending-incoming">Requests to you</h2>
          <ul className="friends-grid">
            {toMe.map((request) => (
              <FriendCard
                key={request.id}
                userId={request.user_id}
                username={request.username}
                picture={request.profile_picture}
                note="Wants to be your friend"
              >
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busyWith(request)}
                  onClick={() => answer(request, true)}
                  aria-label={`Accept ${request.username}`}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busyWith(request)}
                  onClick={() => answer(request, false)}
                  aria-label={`Decline ${request.username}`}
                >
                  Decline
                </button>
              </FriendCard>
            ))}
          </ul>
        </section>
      )}
      {fromMe.length > 0 && (
        <section aria-labelledby="pending-outgoing">
          <h2 id="pending-outgoing">Requests you sent</h2>
          <ul className="friends-grid">
            {fromMe.map((request) => (
              <FriendCard
                key={request.id}
                userId={request.user_id}
                username={request.username}
                picture={request.profile_picture}
                note="Waiting for an answer"
              >
                <button
                  type="button"
                  className="button"
                  disabled={busyWith(request)}
                  onClick={() => cancel(request)}
                  aria-label={`Cancel friend request to ${request.username}`}
                >
                  Cancel friend request
                </button>
              </FriendCard>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div>
      <ErrorBanner message="Failed to load data" />
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
