import type { ModerationMember } from '@gardenswap/shared/moderation';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { dayLabel, locationLabel, timeOfDay } from '../../../lib/format';

const when = (iso: string) => `${dayLabel(iso)} ${timeOfDay(iso)}`;

/** A member as a moderator sees them: avatar, name, standing, place, friends and since when. */
export function MemberLine({ member, role }: { member: ModerationMember; role: string }) {
  const place = locationLabel(member);
  return (
    <div className="row moderation-member">
      <Avatar src={member.profile_picture} name={member.username} size={40} />
      <div>
        <p className="moderation-member-name">
          <span className="visually-hidden">{role}: </span>
          <Link to={`/seller/${member.id}`}>{member.username}</Link>
          {member.is_moderator && <span className="badge">Moderator</span>}
          {member.suspended && (
            <span className="badge badge-warn">
              {member.suspended_until ? `Suspended until ${when(member.suspended_until)}` : 'Suspended for good'}
            </span>
          )}
        </p>
        <p className="muted moderation-small">
          {[place, `${member.friend_count} friends`, `joined ${dayLabel(member.created_at)}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    </div>
  );
}
