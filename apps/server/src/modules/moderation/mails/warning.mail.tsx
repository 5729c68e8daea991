/** @jsxRuntime automatic */
import { Action, Paragraph } from '../../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../../mail/templates/render-mail.js';
import { ModerationNotice } from './moderation-notice.js';

/** A moderator warned the member. */
export function warningMail(data: { name: string; reason: string; url: string }): Promise<RenderedMail> {
  const subject = 'A warning from the Gardenswap moderators';
  return renderMail(
    subject,
    <ModerationNotice subject={subject} name={data.name}>
      <Paragraph>A Gardenswap moderator looked at a report about you and is warning you.</Paragraph>
      <Paragraph>{`The moderator's reason: ${data.reason}`}</Paragraph>
      <Paragraph>Please keep to the rules of the community: a further report may get your account suspended.</Paragraph>
      <Action href={data.url}>Open Gardenswap</Action>
    </ModerationNotice>,
  );
}
