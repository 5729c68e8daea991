/** @jsxRuntime automatic */
import { TEXTS } from '@gardenswap/shared';
import { Action, Frame, Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';

export interface PasswordResetMailData {
  username: string;
  resetUrl: string;
}

/** The "forgot password" link: single use, valid for an hour. */
export function passwordResetMail(data: PasswordResetMailData): Promise<RenderedMail> {
  const subject = TEXTS.passwordResetSubject;
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because someone asked to reset the password of your Gardenswap account. We send security notices like this one even when e-mail notifications are off."
    >
      <Paragraph>{`Hi ${data.username},`}</Paragraph>
      <Paragraph>
        {`Someone, hopefully you, asked to choose a new password for your Gardenswap account (${data.username}). The link below works once, for the next hour.`}
      </Paragraph>
      <Action href={data.resetUrl}>Choose a new password</Action>
      <Paragraph>Once you choose a new password, every other device signed in to your account is signed out.</Paragraph>
      <Paragraph>If it was not you, ignore this e-mail: your password stays as it is.</Paragraph>
    </Frame>,
  );
}
