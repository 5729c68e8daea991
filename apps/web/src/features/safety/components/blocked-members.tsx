import { Avatar } from '../../../components/avatar';
import { ErrorBanner } from '../../../components/feedback';
import { errorText } from '../../../lib/api-client';
import { useBlockedMembers, useUnblockMember } from '../api/use-blocked-members';

/** The members I blocked, each with Unblock; nothing at all while there are none. */
export function BlockedMembers() {
  const blocked = useBlockedMembers();
  const unblock = useUnblockMember();
  if (!blocked.data?.length) return null;
  return (
    <section className="card" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">Blocked members</h2>
      <ErrorBanner
        message={unblock.isError ? errorText(unblock.error, 'Failed to unblock. Please try again.') : undefined}
        onDismiss={() => unblock.reset()}
      />
      <ul className="list">
        {blocked.data.map((member) => (
          <li key={member.id} className="spread">
            <span className="row">
              <Avatar src={member.profile_picture} name={member.username} size={32} />
              {member.username}
            </span>
            <button
              type="button"
              className="button"
              disabled={unblock.isPending}
              onClick={() => unblock.mutate(member.id)}
            >
              Unblock
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
