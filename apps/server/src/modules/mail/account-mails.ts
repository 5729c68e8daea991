import { ACCOUNT_TEXTS, EMAIL_CONFIRMATION_TTL_HOURS } from '@gardenswap/shared';
import { type RenderedMail, button, esc, footerText, layout, paragraph } from './templates.js';

const SECURITY_REASON =
  'You get this e-mail because it concerns the security of your Gardenswap account. We send notices like this one even when e-mail notifications are off.';

/** A security notice: paragraphs and an optional button, no unsubscribe link (no switch turns these off). */
function notice(subject: string, lines: string[], action?: { url: string; label: string; after?: string[] }) {
  const after = action?.after ?? [];
  const body = [
    ...lines.map((l) => paragraph(esc(l))),
    ...(action ? [button(action.url, action.label)] : []),
    ...after.map((l) => paragraph(esc(l))),
  ].join('\n');
  const text = [
    subject,
    '',
    ...lines.flatMap((l) => [l, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((l) => [l, '']),
    footerText(SECURITY_REASON),
  ].join('\n');
  return { subject, html: layout({ title: subject, headline: subject, body, reason: SECURITY_REASON }), text };
}

export interface ConfirmEmailMailData {
  username: string;
  email: string;
  confirmUrl: string;
  /** A new member's address, or the new address of an existing member. */
  kind: 'registration' | 'change';
}

/** The link that confirms an address: after registering, or for a new address. */
export function confirmEmailMail(data: ConfirmEmailMailData): RenderedMail {
  const registration = data.kind === 'registration';
  const subject = registration ? ACCOUNT_TEXTS.confirmSubject : ACCOUNT_TEXTS.confirmNewSubject;
  const what = registration
    ? `Welcome to Gardenswap! Please confirm that ${data.email} is your address, so we can tell you about matches, friend requests and messages.`
    : `Someone, hopefully you, asked to use ${data.email} as the e-mail of the Gardenswap account ${data.username}. It takes effect once you confirm it; until then the account keeps its old address.`;
  return notice(subject, [`Hi ${data.username},`, what], {
    url: data.confirmUrl,
    label: registration ? 'Confirm my email' : 'Confirm my new email',
    after: [
      `The link works once, for the next ${EMAIL_CONFIRMATION_TTL_HOURS} hours.`,
      registration
        ? 'If you did not create a Gardenswap account, ignore this e-mail.'
        : 'If it was not you, ignore this e-mail: nothing changes.',
    ],
  });
}

/** To the old address, when a change to a new one is asked for. */
export function emailChangeRequestedMail(data: { username: string; newEmail: string; profileUrl: string }) {
  return notice(ACCOUNT_TEXTS.changeRequestedSubject, [
    `Hi ${data.username},`,
    `Someone signed in to your Gardenswap account asked to change its e-mail to ${data.newEmail}. The change takes effect once the link we sent to that address is used; until then you keep signing in with this one.`,
    `If it was not you, sign in, cancel the change on your profile (${data.profileUrl}) and change your password.`,
  ]);
}

/** To the old address, once the new one is confirmed. */
export function emailChangedMail(data: { username: string; newEmail: string; contactEmail: string }) {
  return notice(ACCOUNT_TEXTS.emailChangedSubject, [
    `Hi ${data.username},`,
    `The e-mail of your Gardenswap account is now ${data.newEmail}. From now on, sign in with that address; we will not write to this one again.`,
    `If you did not make this change, write to us at ${data.contactEmail} straight away so we can help you get your account back.`,
  ]);
}

/** To the member's address, when the password is changed from the profile. */
export function passwordChangedMail(data: { username: string; resetUrl: string }) {
  return notice(ACCOUNT_TEXTS.passwordChangedSubject, [
    `Hi ${data.username},`,
    'The password of your Gardenswap account was just changed, and every other device signed in to it was signed out.',
    `If it was not you, choose a new password at once: ${data.resetUrl}`,
  ]);
}
