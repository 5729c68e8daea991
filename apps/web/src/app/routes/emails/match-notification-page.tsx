import { EmailPreview } from '../../../features/emails/components/email-preview';

/** /match-noti: the "You got a match" e-mail as it is sent, with sample data. */
export default function MatchNotificationPage() {
  return <EmailPreview kind="match" about="a member gets when a listing matches their wish list" />;
}
