import type { User } from '@gardenswap/shared/auth';
import { CalendarDays, HandHeart, LogOut, MapPin, QrCode, ShieldCheck, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { AccountSection } from '../../../features/account/components/account-section';
import { useLogout } from '../../../features/auth/api/use-logout';
import { useProfile } from '../../../features/profile/api/use-profile';
import { BlockedMembers } from '../../../features/safety/components/blocked-members';
import { ChangeEmailSection } from '../../../features/profile/components/change-email-section';
import { ChangePasswordSection } from '../../../features/profile/components/change-password-section';
import { SignedInSessions } from '../../../features/sessions/components/signed-in-sessions';
import { EmailSettings } from '../../../features/profile/components/email-settings';
import { ProfileAvatar } from '../../../features/profile/components/profile-avatar';
import { PushSettings } from '../../../features/push/components/push-settings';
import './profile.css';

const friendsLabel = (count: number) => `${count} friend${count === 1 ? '' : 's'}`;

/** "Salt Lake City, UT 84101": the member's own full location, or nothing when none is set. */
function ownLocation(user: User): string | undefined {
  const place = [user.city, user.state].filter(Boolean).join(', ');
  const full = [place, user.zip_code].filter(Boolean).join(' ');
  return full || undefined;
}

/** /profile: who I am to the neighbourhood, my friends, and the way out. */
export default function ProfilePage() {
  const profile = useProfile();
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });

  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    return (
      <div className="profile-page">
        <h1>Profile</h1>
        <ErrorBanner message="Failed to load profile data." />
        <button type="button" className="button" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const user = profile.data;
  const location = ownLocation(user);
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <div className="profile-page">
      <section className="card profile-identity" aria-labelledby="profile-heading">
        <ProfileAvatar src={user.profile_picture} name={user.first_name || user.username} size={96} />
        <div className="profile-identity-text">
          <h1 id="profile-heading">{user.first_name || user.username}</h1>
          <p className="muted profile-handle">
            <MiddleEllipsis text={`@${user.username}`} />
          </p>
          <Link to="/myfriends" className="profile-friend-count">
            {friendsLabel(user.friend_count)}
          </Link>
        </div>
      </section>

      <div className="profile-sections">
        <section className="card" aria-labelledby="profile-details">
          <h2 id="profile-details">Your details</h2>
          <dl className="profile-details">
            <div>
              <dt>Name</dt>
              <dd>{fullName || '—'}</dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd className="profile-email">
                {user.email}
                {!user.email_confirmed && <span className="email-status">Not confirmed</span>}
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd className="spread">
                {location ? (
                  <span className="row profile-location">
                    <MapPin aria-hidden size={18} />
                    {location}
                  </span>
                ) : (
                  <span className="muted">Not set</span>
                )}
                <Link to="/personal-info" aria-label={location ? 'Edit location' : 'Add your location'}>
                  {location ? 'Edit' : 'Add'}
                </Link>
              </dd>
            </div>
          </dl>
        </section>

        <ChangeEmailSection user={user} />
        <ChangePasswordSection />
        <EmailSettings />
        <PushSettings />
        <BlockedMembers />
        <SignedInSessions />

        <nav className="card profile-links" aria-label="Friends">
          <Link to="/myfriends" className="profile-link">
            <Users aria-hidden size={20} />
            My friends
          </Link>
          <Link to="/invite-your-friends" className="profile-link">
            <QrCode aria-hidden size={20} />
            Invite friends
          </Link>
          <Link to="/trades" className="profile-link">
            <HandHeart aria-hidden size={20} />
            Your trades
          </Link>
          <Link to="/events" className="profile-link">
            <CalendarDays aria-hidden size={20} />
            Seed swap events
          </Link>
          {user.is_moderator && (
            <Link to="/moderation" className="profile-link">
              <ShieldCheck aria-hidden size={20} />
              Moderation
            </Link>
          )}
        </nav>

        <AccountSection />

        <button
          type="button"
          className="button button-block profile-logout"
          onClick={onLogout}
          disabled={logout.isPending}
        >
          <LogOut aria-hidden size={18} />
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </div>
  );
}
