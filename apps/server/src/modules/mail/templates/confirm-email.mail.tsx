/** @jsxRuntime automatic */
import { ACCOUNT_TEXTS, EMAIL_CONFIRMATION_TTL_HOURS } from '@gardenswap/shared';
import { Action, Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';
import { SecurityNotice } from './security-notice.js';

export interface ConfirmEmailMailData {
  username: string;
  email: string;
  confirmUrl: string;
  /** A new member's address, or the new address of an existing member. */
  kind: 'registration' | 'change';
}

/** The link that confirms an address: after registering, or for a new address. */
export function confirmEmailMail(data: ConfirmEmailMailData): Promise<RenderedMail> {
  const registration = data.kind === 'registration';
  const subject = registration ? ACCOUNT_TEXTS.confirmSubject : ACCOUNT_TEXTS.confirmNewSubject;
  return renderMail(
    subject,
    <SecurityNotice subject={subject}>
      <Paragraph>{`Hi ${data.username},`}</Paragraph>
      <Paragraph>
        {registration
          ? `Welcome to Gardenswap! Please confirm that ${data.email} is your address, so we can tell you about matches, friend requests and messages.`
          : `Someone, hopefully you, asked to use ${data.email} as the e-mail of the Gardenswap account ${data.username}. It takes effect once you confirm it; until then the account keeps its old address.`}
      </Paragraph>
      <Action href={data.confirmUrl}>{registration ? 'Confirm my email' : 'Confirm my new email'}</Action>
      <Paragraph>{`The link works once, for the next ${EMAIL_CONFIRMATION_TTL_HOURS} hours.`}</Paragraph>
      <Paragraph>
        {registration
          ? 'If you did not create a Gardenswap account, ignore this e-mail.'
          : 'If it was not you, ignore this e-mail: nothing changes.'}
      </Paragraph>
    </SecurityNotice>,
  );
}
