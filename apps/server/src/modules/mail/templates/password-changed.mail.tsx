/** @jsxRuntime automatic */
import { ACCOUNT_TEXTS } from '@gardenswap/shared';
import { Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';
import { SecurityNotice } from './security-notice.js';

export interface PasswordChangedMailData {
  username: string;
  resetUrl: string;
}

/** To the member's address, when the password is changed from the profile. */
export function passwordChangedMail(data: PasswordChangedMailData): Promise<RenderedMail> {
  const subject = ACCOUNT_TEXTS.passwordChangedSubject;
  return renderMail(
    subject,
    <SecurityNotice subject={subject}>
      <Paragraph>{`Hi ${data.username},`}</Paragraph>
      <Paragraph>
        The password of your Gardenswap account was just changed, and every other device signed in to it was signed out.
      </Paragraph>
      <Paragraph>{`If it was not you, choose a new password at once: ${data.resetUrl}`}</Paragraph>
    </SecurityNotice>,
  );
}
