/** @jsxRuntime automatic */
import { Action, Paragraph } from '../../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../../mail/templates/render-mail.js';
import { ModerationNotice } from './moderation-notice.js';

/** A moderator hid one of the member's listings. */
export function listingHiddenMail(data: {
  name: string;
  title: string;
  reason: string;
  url: string;
}): Promise<RenderedMail> {
  const subject = 'A moderator hid your listing';
  return renderMail(
    subject,
    <ModerationNotice subject={subject} name={data.name}>
      <Paragraph>
        {`A Gardenswap moderator hid your listing “${data.title}”. Other members no longer see it; you still do.`}
      </Paragraph>
      <Paragraph>{`The moderator's reason: ${data.reason}`}</Paragraph>
      <Paragraph>If you think this is a mistake, reply to this e-mail.</Paragraph>
      <Action href={data.url}>See your listing</Action>
    </ModerationNotice>,
  );
}
