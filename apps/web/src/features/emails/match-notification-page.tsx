import { Sprout } from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { EmailButton, EmailPreview } from './components/email-preview';

/** /match-noti: what a member receives when a listing matches their wish list. */
export default function MatchNotificationPage() {
  return (
    <EmailPreview
      about="a member gets when a listing matches their wish list"
      subject="You got a match: Cherry tomatoes"
      headline="You got a match"
      reason="You get this e-mail because a listing matched an item on your Gardenswap wish list."
    >
      <p>Hi Alex,</p>
      <p>
        Good news: a gardener near you has something on your wish list. You want <strong>tomato</strong>, and this
        listing matches it.
      </p>
      <div className="email-listing">
        <span className="email-listing-image" aria-hidden>
          <Sprout size={32} />
        </span>
        <div className="email-listing-text">
          <p className="email-listing-title">Cherry tomatoes</p>
          <p className="email-listing-meta">produce · exchange</p>
          <p className="email-listing-owner">
            <Avatar name="rosa_grows" size={24} />
            <span>rosa_grows · Salt Lake City, UT</span>
          </p>
        </div>
      </div>
      <p className="email-cta">
        <EmailButton>See the listing</EmailButton>
      </p>
      <p>Send rosa_grows a message from the listing to arrange a swap.</p>
    </EmailPreview>
  );
}
