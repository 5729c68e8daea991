/** @jsxRuntime automatic */
import { Action, Paragraph } from '../../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../../mail/templates/render-mail.js';
import { ModerationNotice } from './moderation-notice.js';

/** A moderator lifted the member's suspension before its end. */
export function suspensionLiftedMail(data: { name: string; reason: string; url: string }): Promise<RenderedMail> {
  const subject = 'Your Gardenswap account is no longer suspended';
  return renderMail(
    subject,
    <ModerationNotice subject={subject} name={data.name}>
      <Paragraph>
        A Gardenswap moderator lifted the suspension of your account. You can sign in again, and other members see your
        listings again, except any a moderator hid.
      </Paragraph>
      <Paragraph>{`The moderator's reason: ${data.reason}`}</Paragraph>
      <Action href={data.url}>Sign in</Action>
    </ModerationNotice>,
  );
}
