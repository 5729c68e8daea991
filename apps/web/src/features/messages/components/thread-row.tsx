import type { Thread } from '@gardenswap/shared/messages';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { timeOfDay } from '../../../lib/format';

/** One conversation in the list: who, when, the last words, and how many are unread. */
export function ThreadRow({ thread, meId }: { thread: Thread; meId: number }) {
  const { last_message: last, unread_count: unread } = thread;
  const preview = last.sender_id === meId ? `You: ${last.content}` : last.content;
  return (
    <li>
      <Link to={`/messages/${thread.user_id}`} className={`thread-row${unread > 0 ? ' thread-row-unread' : ''}`}>
        <Avatar src={thread.profile_picture} name={thread.username} size={48} />
        <span className="thread-body">
          <span className="thread-top">
            <span className="thread-name">
              <MiddleEllipsis text={thread.username} />
            </span>
            <time className="thread-time" dateTime={last.created_at} title={new Date(last.created_at).toLocaleString()}>
              {timeOfDay(last.created_at)}
            </time>
          </span>
          <span className="thread-bottom">
            <span className="thread-preview">{preview}</span>
            {unread > 0 && (
              <span className="count-badge" aria-label={`${unread} unread`}>
                {unread}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
