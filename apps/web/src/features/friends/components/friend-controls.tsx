import type { PublicUser } from '@gardenswap/shared/auth';
import { UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ErrorBanner, Notice } from '../../../components/feedback';
import { Modal } from '../../../components/modal';
import { useFriendStatus } from '../api/use-friend-status';
import { useRemoveFriend } from '../api/use-remove-friend';
import { useRespondFriendRequest } from '../api/use-respond-friend-request';
import { useSendFriendRequest } from '../api/use-send-friend-request';

type OpenModal = 'invitation' | 'remove' | null;

/**
 * The friend button of a seller profile, by where I stand with them: add, cancel my request,
 * answer theirs, or (as friends) remove after confirming.
 */
export function FriendControls({ user }: { user: PublicUser }) {
  const status = useFriendStatus(user.id);
  const send = useSendFriendRequest();
  const respond = useRespondFriendRequest();
  const remove = useRemoveFriend();
  const [modal, setModal] = useState<OpenModal>(null);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const busy = send.isPending || respond.isPending || remove.isPending;

  const closeModal = () => {
    setModal(null);
    setError(undefined);
  };
  const addFriend = () => {
    setError(undefined);
    setNotice(undefined);
    send.mutate(user.id, {
      // They had already asked me: the request made us friends, there is nothing to confirm.
      onSuccess: (answer) =>
        answer.status === 'accepted' ? setNotice(`You and ${user.username} are now friends.`) : setModal('invitation'),
      onError: () => setError('Failed to send friend request'),
    });
  };
  const removeFriendship = (failure: string) => {
    setError(undefined);
    setNotice(undefined);
    remove.mutate(user.id, { onSuccess: () => setModal(null), onError: () => setError(failure) });
  };
  const answer = (requestId: number, accept: boolean) => {
    setError(undefined);
    setNotice(undefined);
    respond.mutate(
      { requestId, userId: user.id, accept },
      {
        onSuccess: () => accept && setNotice(`You and ${user.username} are now friends.`),
        onError: () => setError(accept ? 'Failed to accept friend request' : 'Failed to decline friend request'),
      },
    );
  };

  let control = null;
  if (status.isPending) {
    control = <span className="friend-controls-placeholder" aria-hidden />;
  } else if (status.isError) {
    control = (
      <button type="button" className="button" onClick={() => void status.refetch()}>
        Retry friend status
      </button>
    );
  } else if (status.data.status === 'accepted') {
    control = (
      <button type="button" className="button friend-button-friends" onClick={() => setModal('remove')} disabled={busy}>
        <UserCheck aria-hidden size={20} />
        Friends
      </button>
    );
  } else if (status.data.status === 'pending' && status.data.direction === 'incoming') {
    const requestId = status.data.request_id!;
    control = (
      <>
        <button type="button" className="button button-primary" onClick={() => answer(requestId, true)} disabled={busy}>
          Accept
        </button>
        <button type="button" className="button" onClick={() => answer(requestId, false)} disabled={busy}>
          Decline
        </button>
      </>
    );
  } else if (status.data.status === 'pending') {
    control = (
      <button
        type="button"
        className="button"
        onClick={() => removeFriendship('Failed to cancel friend request')}
        disabled={busy}
      >
        Cancel friend request
      </button>
    );
  } else {
    control = (
      <button type="button" className="button button-primary" onClick={addFriend} disabled={busy}>
        <UserPlus aria-hidden size={20} />
        Add friend
      </button>
    );
  }

  return (
    <div className="friend-controls">
      {status.data?.status === 'pending' && status.data.direction === 'incoming' && (
        <p className="friend-controls-note">{user.username} wants to be your friend.</p>
      )}
      <div className="friend-controls-buttons">{control}</div>
      {!modal && <ErrorBanner message={error} onDismiss={() => setError(undefined)} />}
      {status.isError && <ErrorBanner message="Failed to load friend status" />}
      {notice && <Notice message={notice} />}

      {modal === 'invitation' && (
        <Modal
          title="Invitation"
          onClose={closeModal}
          actions={
            <>
              <button type="button" className="button button-primary" onClick={closeModal}>
                ok!
              </button>
              <button
                type="button"
                className="button"
                onClick={() => removeFriendship('Failed to cancel friend request')}
                disabled={remove.isPending}
              >
                cancel request
              </button>
            </>
          }
        >
          <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
          <p>Your connection request was sent!</p>
        </Modal>
      )}
      {modal === 'remove' && (
        <Modal
          title="Remove Friend"
          onClose={closeModal}
          actions={
            <>
              <button type="button" className="button" onClick={closeModal}>
                cancel
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => removeFriendship('Failed to remove friend')}
                disabled={remove.isPending}
              >
                ok
              </button>
            </>
          }
        >
          <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
          <p>Are you sure you want to remove from your friends list?</p>
        </Modal>
      )}
    </div>
  );
}
