import { EmailPreview } from '../../../features/emails/components/email-preview';

/** /friend-invi: the friend invitation e-mail as it is sent, with sample data. */
export default function FriendInvitationPage() {
  return <EmailPreview kind="friend-invitation" about="a member gets when someone sends them a friend request" />;
}
