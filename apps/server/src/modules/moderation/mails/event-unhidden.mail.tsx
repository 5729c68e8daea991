/** @jsxRuntime automatic */
import { Action, Paragraph } from '../../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../../mail/templates/render-mail.js';
import { ModerationNotice } from './moderation-notice.js';

/**
 * A moderator made one of the member's hidden events visible again; while the member is
 * suspended, others see it once the suspension ends.
 */
export function eventUnhiddenMail(data: {
  name: string;
  title: string;
  reason: string;
  url: string;
  ownerSuspended: boolean;
}): Promise<RenderedMail> {
  const subject = data.ownerSuspended ? 'Your event is no longer hidden' : 'Your event is visible again';
  const seen = data.ownerSuspended
    ? 'Other members will see it again once your account is no longer suspended.'
    : 'Other members can see it again.';
  return renderMail(
    subject,
    <ModerationNotice subject={subject} name={data.name}>
      <Paragraph>{`A Gardenswap moderator took back the hiding of your event “${data.title}”. ${seen}`}</Paragraph>
      <Paragraph>{`The moderator's reason: ${data.reason}`}</Paragraph>
      <Action href={data.url}>See your event</Action>
    </ModerationNotice>,
  );
}
