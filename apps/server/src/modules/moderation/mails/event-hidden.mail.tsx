/** @jsxRuntime automatic */
import { Action, Paragraph } from '../../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../../mail/templates/render-mail.js';
import { ModerationNotice } from './moderation-notice.js';

/** A moderator hid one of the member's events. */
export function eventHiddenMail(data: {
  name: string;
  title: string;
  reason: string;
  url: string;
}): Promise<RenderedMail> {
  const subject = 'A moderator hid your event';
  return renderMail(
    subject,
    <ModerationNotice subject={subject} name={data.name}>
      <Paragraph>
        {`A Gardenswap moderator hid your event “${data.title}”. Other members no longer see it; you still do.`}
      </Paragraph>
      <Paragraph>{`The moderator's reason: ${data.reason}`}</Paragraph>
      <Paragraph>If you think this is a mistake, reply to this e-mail.</Paragraph>
      <Action href={data.url}>See your event</Action>
    </ModerationNotice>,
  );
}
