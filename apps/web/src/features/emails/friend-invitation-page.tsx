import { Avatar } from '../../components/avatar';
import { EmailButton, EmailPreview } from './components/email-preview';

const SAMPLE = { name: 'Rosa', username: 'rosa_grows', place: 'Salt Lake City, UT', friends: 12 };

/** /friend-invi: what a member receives when another member asks to be friends. */
export default function FriendInvitationPage() {
  return (
    <EmailPreview
      about="a member gets when someone sends them a friend request"
      subject={`${SAMPLE.name} wants to be friends on Gardenswap`}
      headline={`${SAMPLE.name} invited you to be friends`}
      reason="You get this e-mail because a member sent you a friend request on Gardenswap."
    >
      <p>Hi Alex,</p>
      <p>
        {SAMPLE.name} sent you a friend request on Gardenswap. Friends see each other's friends-only listings, so you
        can swap produce, seeds and plants with the gardeners you know.
      </p>
      <div className="email-member">
        <Avatar name={SAMPLE.username} size={56} />
        <div>
          <p className="email-listing-title">@{SAMPLE.username}</p>
          <p className="email-listing-meta">
            {SAMPLE.place} · {SAMPLE.friends} friends
          </p>
        </div>
      </div>
      <p className="email-cta">
        <EmailButton>See {SAMPLE.name}'s profile</EmailButton>
      </p>
    </EmailPreview>
  );
}
