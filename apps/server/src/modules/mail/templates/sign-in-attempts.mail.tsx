/** @jsxRuntime automatic */
import { TEXTS } from '@gardenswap/shared';
import { Action, Frame, Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';

export interface SignInAttemptsMailData {
  username: string;
  /** Failed attempts counted so far in the window. */
  attempts: number;
  /** When the window of these attempts began, and when the last one counted came. */
  from: Date;
  to: Date;
  signInUrl: string;
}

const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const utcTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });

/** "on March 3, 2026, between 2:02 PM and 2:09 PM UTC": the server does not know the member's time zone. */
function period(from: Date, to: Date) {
  const [dayFrom, dayTo] = [utcDay.format(from), utcDay.format(to)];
  return dayFrom === dayTo
    ? `on ${dayFrom}, between ${utcTime.format(from)} and ${utcTime.format(to)} UTC`
    : `between ${dayFrom}, ${utcTime.format(from)} and ${dayTo}, ${utcTime.format(to)} UTC`;
}

/**
 * The security notice sent when an account sees a burst of failed sign-ins. It goes out whatever
 * the member's e-mail switch says, so it carries no unsubscribe link.
 */
export function signInAttemptsMail(data: SignInAttemptsMailData): Promise<RenderedMail> {
  const subject = TEXTS.signInAttemptsSubject;
  const attempts = `${data.attempts} failed ${data.attempts === 1 ? 'attempt' : 'attempts'}`;
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because someone tried to sign in to your Gardenswap account. We send security notices like this one even when e-mail notifications are off."
    >
      <Paragraph>{`Hi ${data.username},`}</Paragraph>
      <Paragraph>
        {`There were ${attempts} to sign in to your Gardenswap account (${data.username}) ${period(data.from, data.to)}. None of them got in: the password given was wrong every time, so it was not accepted.`}
      </Paragraph>
      <Paragraph>If this was you, there is nothing to do: you can sign in as usual.</Paragraph>
      <Paragraph>
        If it was not you, someone may be guessing your password. Sign in to check that everything looks right, and make
        sure your password is a strong one that you use nowhere else.
      </Paragraph>
      <Action href={data.signInUrl}>Sign in to Gardenswap</Action>
      <Paragraph>
        Your account stays open to you. While the attempts go on, we slow them down and stop addresses that keep
        guessing.
      </Paragraph>
    </Frame>,
  );
}
