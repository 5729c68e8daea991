import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';

/** A member on the friends page: picture and name open their seller profile; actions sit beside. */
export function FriendCard({
  userId,
  username,
  picture,
  note,
  children,
}: {
  userId: number;
  username: string;
  picture: string | null;
  /** A short line under the name ("Wants to be your friend"). */
  note?: string;
  children?: ReactNode;
}) {
  return (
    <li className="card friend-card">
      <Link to={`/seller/${userId}`} className="friend-card-link">
        <Avatar src={picture} name={username} size={56} />
        <span className="friend-card-text">
          <span className="friend-card-name">
            <MiddleEllipsis text={username} />
          </span>
          {note && <span className="muted friend-card-note">{note}</span>}
        </span>
      </Link>
      {children && <div className="friend-card-actions">{children}</div>}
    </li>
  );
}
