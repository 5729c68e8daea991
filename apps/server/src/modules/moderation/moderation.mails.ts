import { type RenderedMail, button, esc, footerText, layout, paragraph } from '../mail/templates.js';

/**
 * E-mails about a member's standing. Like security notices they go out even with e-mail
 * notifications off, and carry no unsubscribe link: no switch turns them off.
 */
const REASON =
  'You get this e-mail because a Gardenswap moderator acted on your account. We send notices like this one even when e-mail notifications are off.';

function notice(
  subject: string,
  greetingName: string,
  lines: string[],
  cta?: { url: string; label: string },
): RenderedMail {
  const greeting = `Hi ${greetingName},`;
  const body = [
    paragraph(esc(greeting)),
    ...lines.map((line) => paragraph(esc(line))),
    ...(cta ? [button(cta.url, cta.label)] : []),
  ].join('\n');
  const text = [
    subject,
    '',
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    ...(cta ? [`${cta.label}: ${cta.url}`, ''] : []),
    footerText(REASON),
  ].join('\n');
  return { subject, html: layout({ title: subject, headline: subject, body, reason: REASON }), text };
}

/** A moderator hid one of the member's listings. */
export function listingHiddenMail(data: { name: string; title: string; reason: string; url: string }) {
  return notice(
    'A moderator hid your listing',
    data.name,
    [
      `A Gardenswap moderator hid your listing “${data.title}”. Other members no longer see it; you still do.`,
      `The moderator's reason: ${data.reason}`,
      'If you think this is a mistake, reply to this e-mail.',
    ],
    { url: data.url, label: 'See your listing' },
  );
}

/** A moderator warned the member. */
export function warningMail(data: { name: string; reason: string; url: string }) {
  return notice(
    'A warning from the Gardenswap moderators',
    data.name,
    [
      'A Gardenswap moderator looked at a report about you and is warning you.',
      `The moderator's reason: ${data.reason}`,
      'Please keep to the rules of the community: a further report may get your account suspended.',
    ],
    { url: data.url, label: 'Open Gardenswap' },
  );
}

/** A moderator suspended the member, until a moment or for good. */
export function suspensionMail(data: { name: string; reason: string; until: string | null }) {
  const until = data.until
    ? `until ${new Date(data.until).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'until further notice';
  return notice('Your Gardenswap account is suspended', data.name, [
    `A Gardenswap moderator suspended your account ${until}. Meanwhile you cannot sign in, and other members do not see your listings.`,
    `The moderator's reason: ${data.reason}`,
    'If you think this is a mistake, reply to this e-mail.',
  ]);
}

/**
 * A moderator made one of the member's hidden listings visible again; while the member is
 * suspended, others see it once the suspension ends.
 */
export function listingUnhiddenMail(data: {
  name: string;
  title: string;
  reason: string;
  url: string;
  ownerSuspended: boolean;
}) {
  const seen = data.ownerSuspended
    ? 'Other members will see it again once your account is no longer suspended.'
    : 'Other members can see it again.';
  return notice(
    data.ownerSuspended ? 'Your listing is no longer hidden' : 'Your listing is visible again',
    data.name,
    [
      `A Gardenswap moderator took back the hiding of your listing “${data.title}”. ${seen}`,
      `The moderator's reason: ${data.reason}`,
    ],
    { url: data.url, label: 'See your listing' },
  );
}

/** A moderator lifted the member's suspension before its end. */
export function suspensionLiftedMail(data: { name: string; reason: string; url: string }) {
  return notice(
    'Your Gardenswap account is no longer suspended',
    data.name,
    [
      'A Gardenswap moderator lifted the suspension of your account. You can sign in again, and other members see your listings again, except any a moderator hid.',
      `The moderator's reason: ${data.reason}`,
    ],
    { url: data.url, label: 'Sign in' },
  );
}
