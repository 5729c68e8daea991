/** @jsxRuntime automatic */
import { Paragraph } from '../../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../../mail/templates/render-mail.js';
import { ModerationNotice } from './moderation-notice.js';

/** A moderator suspended the member, until a moment or for good. */
export function suspensionMail(data: { name: string; reason: string; until: string | null }): Promise<RenderedMail> {
  const subject = 'Your Gardenswap account is suspended';
  const until = data.until
    ? `until ${new Date(data.until).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'until further notice';
  return renderMail(
    subject,
    <ModerationNotice subject={subject} name={data.name}>
      <Paragraph>
        {`A Gardenswap moderator suspended your account ${until}. Meanwhile you cannot sign in, and other members do not see your listings.`}
      </Paragraph>
      <Paragraph>{`The moderator's reason: ${data.reason}`}</Paragraph>
      <Paragraph>If you think this is a mistake, reply to this e-mail.</Paragraph>
    </ModerationNotice>,
  );
}
