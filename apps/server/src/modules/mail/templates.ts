import { CATEGORIES, LISTING_TYPES, type MailPreview, NOTIFICATION_TEXTS, TEXTS } from '@gardenswap/shared';
// The renew e-mail lives with its feature and builds on the layout below; called only at run time.
import { renewMail } from '../fresh/fresh.mails.js';
import { renewPageUrl } from '../fresh/renew-links.js';
import { unsubscribePageUrl } from './unsubscribe.js';

/** A rendered e-mail: what every mail client needs, HTML and plain text alike. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MatchMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  wantTitle: string;
  listing: {
    title: string;
    categoryId: number;
    typeId: number;
    price: number;
    url: string;
    /** Absolute URL of the thumbnail, when the listing has a photo. */
    imageUrl: string | null;
  };
  owner: { username: string; place: string | null };
  unsubscribeUrl: string;
}

export interface FriendInvitationMailData {
  /** Undefined when the invitation goes to an address that is not a member yet. */
  recipientName?: string;
  /** What the inviting member is called in the e-mail: first name, else username. */
  fromName: string;
  fromUsername: string;
  place: string | null;
  friendCount: number;
  profileUrl: string;
  /** A friend request (the recipient is a member) or an invitation to join. */
  kind: 'request' | 'invitation';
  unsubscribeUrl: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const nameOf = <T extends Record<string, number>>(values: T, id: number) =>
  Object.entries(values).find(([, v]) => v === id)?.[0] ?? '';

function priceWords(typeId: number, price: number) {
  return typeId === LISTING_TYPES.sell ? `$${price}` : nameOf(LISTING_TYPES, typeId);
}

const GREEN = '#2f6b3a';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/**
 * The frame every Gardenswap e-mail shares: header, headline, body, sign-off, why-you-get-this,
 * unsubscribe. Security notices have no unsubscribe link: no switch turns them off.
 */
export function layout(options: {
  title: string;
  headline: string;
  body: string;
  reason: string;
  unsubscribeUrl?: string;
}) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(options.title)}</title>
</head>
<body style="margin:0;padding:0;background:#eef2eb;${FONT};color:#1d2b1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef2eb;padding:16px 8px">
<tr><td align="center">
<table role="article" aria-label="${esc(options.title)}" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #d8e0d4;border-radius:8px">
<tr><td style="padding:16px 20px;background:#e8f2e4;border-bottom:1px solid #d8e0d4;font-size:20px;font-weight:700;color:${GREEN}">Gardenswap</td></tr>
<tr><td style="padding:20px 24px;font-size:16px;line-height:1.5">
<h1 style="margin:0 0 16px;font-size:24px;color:#1e4a27">${esc(options.headline)}</h1>
${options.body}
<p style="margin:0 0 14px">Happy gardening,<br>The Gardenswap team</p>
</td></tr>
<tr><td style="padding:16px 20px;border-top:1px solid #d8e0d4;background:#f7f8f6;color:#4d5a50;font-size:13px;text-align:center">
<p style="margin:0 0 6px">${esc(options.reason)}</p>
${options.unsubscribeUrl ? `<p style="margin:0"><a href="${esc(options.unsubscribeUrl)}" style="color:${GREEN}">Unsubscribe</a></p>\n` : ''}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export const paragraph = (html: string) => `<p style="margin:0 0 14px">${html}</p>`;
export const button = (url: string, label: string) =>
  `<p style="margin:0 0 14px;text-align:center"><a href="${esc(url)}" style="display:inline-block;padding:11px 22px;border-radius:999px;background:${GREEN};color:#ffffff;font-weight:700;text-decoration:none">${esc(label)}</a></p>`;
const card = (inner: string) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #d8e0d4;border-radius:10px"><tr>${inner}</tr></table>`;

export const footerText = (reason: string, unsubscribeUrl?: string) =>
  `Happy gardening,\nThe Gardenswap team\n\n--\n${reason}\n${unsubscribeUrl ? `Unsubscribe: ${unsubscribeUrl}\n` : ''}`;

/** "You got a match": a listing the member can see matches an item on their wish list. */
export function matchMail(data: MatchMailData): RenderedMail {
  const { listing, owner } = data;
  const subject = `${NOTIFICATION_TEXTS.matchSubject}: ${listing.title}`;
  const meta = `${nameOf(CATEGORIES, listing.categoryId)} · ${priceWords(listing.typeId, listing.price)}`;
  const ownerLine = owner.place ? `${owner.username} · ${owner.place}` : owner.username;
  const reason = 'You get this e-mail because a listing matched an item on your Gardenswap wish list.';
  const image = listing.imageUrl
    ? `<img src="${esc(listing.imageUrl)}" alt="" width="72" height="72" style="display:block;width:72px;height:72px;border-radius:8px;object-fit:cover">`
    : `<div style="width:72px;height:72px;border-radius:8px;background:#dcebd6"></div>`;
  const body = [
    paragraph(`Hi ${esc(data.recipientName)},`),
    paragraph(
      `Good news: a gardener has something on your wish list. You want <strong>${esc(data.wantTitle)}</strong>, and this listing matches it.`,
    ),
    card(
      `<td width="88" style="padding:12px">${image}</td><td style="padding:12px 12px 12px 0"><p style="margin:0;font-weight:700">${esc(listing.title)}</p><p style="margin:0;color:#4d5a50;font-size:14px">${esc(meta)}</p><p style="margin:4px 0 0;font-size:14px">${esc(ownerLine)}</p></td>`,
    ),
    button(listing.url, 'See the listing'),
    paragraph(`Send ${esc(owner.username)} a message from the listing to arrange a swap.`),
  ].join('\n');
  const text = [
    `${NOTIFICATION_TEXTS.matchSubject}`,
    '',
    `Hi ${data.recipientName},`,
    '',
    `Good news: a gardener has something on your wish list. You want "${data.wantTitle}", and this listing matches it:`,
    '',
    `  ${listing.title}`,
    `  ${meta}`,
    `  ${ownerLine}`,
    '',
    `See the listing: ${listing.url}`,
    '',
    `Send ${owner.username} a message from the listing to arrange a swap.`,
    '',
    footerText(reason, data.unsubscribeUrl),
  ].join('\n');
  return {
    subject,
    html: layout({
      title: subject,
      headline: NOTIFICATION_TEXTS.matchSubject,
      body,
      reason,
      unsubscribeUrl: data.unsubscribeUrl,
    }),
    text,
  };
}

/** The friend invitation: a member's friend request, or their invitation sent to an e-mail address. */
export function friendInvitationMail(data: FriendInvitationMailData): RenderedMail {
  const { fromName } = data;
  const isRequest = data.kind === 'request';
  const subject = isRequest ? `${fromName} wants to be friends on Gardenswap` : `${fromName} invited you to Gardenswap`;
  const headline = `${fromName} invited you to be friends`;
  const reason = isRequest
    ? 'You get this e-mail because a member sent you a friend request on Gardenswap.'
    : `You get this e-mail because ${fromName} (@${data.fromUsername}) entered your address on Gardenswap.`;
  const greeting = data.recipientName ? `Hi ${data.recipientName},` : 'Hi,';
  const intro = isRequest
    ? `${fromName} sent you a friend request on Gardenswap. Friends see each other's friends-only listings, so you can swap produce, seeds and plants with the gardeners you know.`
    : `${fromName} would like to swap produce, seeds and plants with you on Gardenswap, the free marketplace for home gardeners. Sign up and send a friend request from their profile.`;
  const friends = `${data.friendCount} ${data.friendCount === 1 ? 'friend' : 'friends'}`;
  const meta = data.place ? `${data.place} · ${friends}` : friends;
  const cta = `See ${fromName}'s profile`;
  const body = [
    paragraph(esc(greeting)),
    paragraph(esc(intro)),
    card(
      `<td style="padding:12px"><p style="margin:0;font-weight:700">@${esc(data.fromUsername)}</p><p style="margin:0;color:#4d5a50;font-size:14px">${esc(meta)}</p></td>`,
    ),
    button(data.profileUrl, cta),
  ].join('\n');
  const text = [
    headline,
    '',
    greeting,
    '',
    intro,
    '',
    `  @${data.fromUsername}`,
    `  ${meta}`,
    '',
    `${cta}: ${data.profileUrl}`,
    '',
    footerText(reason, data.unsubscribeUrl),
  ].join('\n');
  return {
    subject,
    html: layout({ title: subject, headline, body, reason, unsubscribeUrl: data.unsubscribeUrl }),
    text,
  };
}

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
export function signInAttemptsMail(data: SignInAttemptsMailData): RenderedMail {
  const subject = TEXTS.signInAttemptsSubject;
  const reason =
    'You get this e-mail because someone tried to sign in to your Gardenswap account. We send security notices like this one even when e-mail notifications are off.';
  const attempts = `${data.attempts} failed ${data.attempts === 1 ? 'attempt' : 'attempts'}`;
  const greeting = `Hi ${data.username},`;
  const what = `There were ${attempts} to sign in to your Gardenswap account (${data.username}) ${period(data.from, data.to)}. None of them got in: the password given was wrong every time, so it was not accepted.`;
  const ifYou = 'If this was you, there is nothing to do: you can sign in as usual.';
  const ifNot =
    'If it was not you, someone may be guessing your password. Sign in to check that everything looks right, and make sure your password is a strong one that you use nowhere else.';
  const guard =
    'Your account stays open to you. While the attempts go on, we slow them down and stop addresses that keep guessing.';
  const cta = 'Sign in to Gardenswap';
  const body = [
    paragraph(esc(greeting)),
    paragraph(esc(what)),
    paragraph(esc(ifYou)),
    paragraph(esc(ifNot)),
    button(data.signInUrl, cta),
    paragraph(esc(guard)),
  ].join('\n');
  const text = [
    subject,
    '',
    greeting,
    '',
    what,
    '',
    ifYou,
    '',
    ifNot,
    '',
    `${cta}: ${data.signInUrl}`,
    '',
    guard,
    '',
    footerText(reason),
  ].join('\n');
  return { subject, html: layout({ title: subject, headline: subject, body, reason }), text };
}

export interface PasswordResetMailData {
  username: string;
  resetUrl: string;
}

/** The "forgot password" link: single use, valid for an hour. */
export function passwordResetMail(data: PasswordResetMailData): RenderedMail {
  const subject = TEXTS.passwordResetSubject;
  const reason =
    'You get this e-mail because someone asked to reset the password of your Gardenswap account. We send security notices like this one even when e-mail notifications are off.';
  const greeting = `Hi ${data.username},`;
  const what = `Someone, hopefully you, asked to choose a new password for your Gardenswap account (${data.username}). The link below works once, for the next hour.`;
  const after = 'Once you choose a new password, every other device signed in to your account is signed out.';
  const ifNot = 'If it was not you, ignore this e-mail: your password stays as it is.';
  const cta = 'Choose a new password';
  const body = [
    paragraph(esc(greeting)),
    paragraph(esc(what)),
    button(data.resetUrl, cta),
    paragraph(esc(after)),
    paragraph(esc(ifNot)),
  ].join('\n');
  const text = [
    subject,
    '',
    greeting,
    '',
    what,
    '',
    `${cta}: ${data.resetUrl}`,
    '',
    after,
    '',
    ifNot,
    '',
    footerText(reason),
  ].join('\n');
  return { subject, html: layout({ title: subject, headline: subject, body, reason }), text };
}

export interface UnreadMessagesMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  /** What the sender is called in the e-mail: first name, else username. */
  fromName: string;
  fromUsername: string;
  /** Their messages the recipient has not read. */
  count: number;
  /** The newest of them. */
  latestText: string;
  chatUrl: string;
  unsubscribeUrl: string;
}

/** The longest stretch of the latest message quoted in the e-mail; the chat has the rest. */
const QUOTE_MAX = 500;

/** "Maria sent you 3 messages": messages waited unread while the member was away from the app. */
export function unreadMessagesMail(data: UnreadMessagesMailData): RenderedMail {
  const { fromName, count } = data;
  const subject = count === 1 ? `${fromName} sent you a message` : `${fromName} sent you ${count} messages`;
  const reason =
    'You get this e-mail because a member sent you messages on Gardenswap while you were away. We send at most one an hour for each conversation.';
  const greeting = `Hi ${data.recipientName},`;
  const intro =
    count === 1
      ? `${fromName} (@${data.fromUsername}) sent you a message on Gardenswap:`
      : `${fromName} (@${data.fromUsername}) sent you ${count} messages on Gardenswap. The latest:`;
  const quote = data.latestText.length > QUOTE_MAX ? `${data.latestText.slice(0, QUOTE_MAX - 1)}…` : data.latestText;
  const cta = `Reply to ${fromName}`;
  const body = [
    paragraph(esc(greeting)),
    paragraph(esc(intro)),
    card(
      `<td style="padding:12px 16px;border-left:4px solid ${GREEN}"><p style="margin:0;white-space:pre-line">${esc(quote)}</p></td>`,
    ),
    button(data.chatUrl, cta),
  ].join('\n');
  const text = [
    subject,
    '',
    greeting,
    '',
    intro,
    '',
    ...quote.split('\n').map((line) => `> ${line}`),
    '',
    `${cta}: ${data.chatUrl}`,
    '',
    footerText(reason, data.unsubscribeUrl),
  ].join('\n');
  return {
    subject,
    html: layout({ title: subject, headline: subject, body, reason, unsubscribeUrl: data.unsubscribeUrl }),
    text,
  };
}

/** Sample data for the previews (the web app shows the first two at /match-noti and /friend-invi): the real templates, filled in for no one. */
export function previewMail(kind: MailPreview, origin: string): RenderedMail {
  const unsubscribeUrl = unsubscribePageUrl(origin, 'sample');
  if (kind === 'listing-renew')
    return renewMail({
      recipientName: 'Alex',
      title: 'Zucchini',
      age: '7 days',
      grace: '3 days',
      renewUrl: renewPageUrl(origin, 'sample'),
      listingUrl: `${origin}/listings/1`,
      unsubscribeUrl,
    });
  if (kind === 'messages')
    return unreadMessagesMail({
      recipientName: 'Alex',
      fromName: 'Rosa',
      fromUsername: 'rosa_grows',
      count: 3,
      latestText: 'I can bring the seedlings over on Saturday morning, does that work?',
      chatUrl: `${origin}/messages/1`,
      unsubscribeUrl,
    });
  if (kind === 'match')
    return matchMail({
      recipientName: 'Alex',
      wantTitle: 'tomato',
      listing: {
        title: 'Cherry tomatoes',
        categoryId: CATEGORIES.produce,
        typeId: LISTING_TYPES.exchange,
        price: 0,
        url: `${origin}/listings/1`,
        imageUrl: null,
      },
      owner: { username: 'rosa_grows', place: 'Salt Lake City, UT' },
      unsubscribeUrl,
    });
  return friendInvitationMail({
    recipientName: 'Alex',
    fromName: 'Rosa',
    fromUsername: 'rosa_grows',
    place: 'Salt Lake City, UT',
    friendCount: 12,
    profileUrl: `${origin}/seller/1`,
    kind: 'request',
    unsubscribeUrl,
  });
}
