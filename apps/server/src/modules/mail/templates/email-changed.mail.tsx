/** @jsxRuntime automatic */
import { ACCOUNT_TEXTS } from '@gardenswap/shared';
import { Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';
import { SecurityNotice } from './security-notice.js';

export interface EmailChangedMailData {
  username: string;
  newEmail: string;
  contactEmail: string;
}

/** To the old address, once the new one is confirmed. */
export function emailChangedMail(data: EmailChangedMailData): Promise<RenderedMail> {
  const subject = ACCOUNT_TEXTS.emailChangedSubject;
  return renderMail(
    subject,
    <SecurityNotice subject={subject}>
      <Paragraph>{`Hi ${data.username},`}</Paragraph>
      <Paragraph>
        {`The e-mail of your Gardenswap account is now ${data.newEmail}. From now on, sign in with that address; we will not write to this one again.`}
      </Paragraph>
      <Paragraph>
        {`If you did not make this change, write to us at ${data.contactEmail} straight away so we can help you get your account back.`}
      </Paragraph>
    </SecurityNotice>,
  );
}
