/** @jsxRuntime automatic */
import { FRESH_TEXTS } from '@gardenswap/shared';
import { Action, Frame, InlineLink, Paragraph } from '../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../mail/templates/render-mail.js';
import { unsubscribePageUrl } from '../mail/unsubscribe.js';
import { renewPageUrl } from './renew-links.js';

export interface RenewMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  title: string;
  /** "7 days" or "30 days": how long since it was listed or last renewed. */
  age: string;
  /** How long before it pauses itself: "3 days". */
  grace: string;
  renewUrl: string;
  listingUrl: string;
  unsubscribeUrl: string;
}

/** "Is your listing still available?": its button opens a page that renews it, without signing in. */
export function renewMail(data: RenewMailData): Promise<RenderedMail> {
  const subject = FRESH_TEXTS.linkQuestion(data.title);
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because you list this on Gardenswap and asked for e-mails about listings (matches). We ask now and then so buyers only see what is still there."
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{`Hi ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {`It is ${data.age} since you listed or last renewed “${data.title}” on Gardenswap. Is it still available?`}
      </Paragraph>
      <Paragraph>
        {`If it is, tap the button and confirm on the page it opens: it shows as fresh again. If nobody renews it within ${data.grace}, it pauses itself: nobody else sees it until you reactivate it.`}
      </Paragraph>
      <Action href={data.renewUrl}>{FRESH_TEXTS.stillAvailable}</Action>
      <Paragraph>
        {'Gone already? '}
        <InlineLink href={data.listingUrl}>Open the listing</InlineLink>
        {' to mark it or delete it.'}
      </Paragraph>
    </Frame>,
  );
}

/** The e-mail filled in with sample data, for no one: its preview. */
export const renewMailSample = (origin: string) =>
  renewMail({
    recipientName: 'Alex',
    title: 'Zucchini',
    age: '7 days',
    grace: '3 days',
    renewUrl: renewPageUrl(origin, 'sample'),
    listingUrl: `${origin}/listings/1`,
    unsubscribeUrl: unsubscribePageUrl(origin, 'sample'),
  });
