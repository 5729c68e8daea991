/** @jsxRuntime automatic */
import { ACCOUNT_TEXTS } from '@gardenswap/shared';
import { Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';
import { SecurityNotice } from './security-notice.js';

export interface EmailChangeRequestedMailData {
  username: string;
  newEmail: string;
  profileUrl: string;
}

/** To the old address, when a change to a new one is asked for. */
export function emailChangeRequestedMail(data: EmailChangeRequestedMailData): Promise<RenderedMail> {
  const subject = ACCOUNT_TEXTS.changeRequestedSubject;
  return renderMail(
    subject,
    <SecurityNotice subject={subject}>
      <Paragraph>{`Hi ${data.username},`}</Paragraph>
      <Paragraph>
        {`Someone signed in to your Gardenswap account asked to change its e-mail to ${data.newEmail}. The change takes effect once the link we sent to that address is used; until then you keep signing in with this one.`}
      </Paragraph>
      <Paragraph>
        {`If it was not you, sign in, cancel the change on your profile (${data.profileUrl}) and change your password.`}
      </Paragraph>
    </SecurityNotice>,
  );
}
