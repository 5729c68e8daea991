import { FRESH_TEXTS } from '@gardenswap/shared';
import { type RenderedMail, button, esc, footerText, layout, paragraph } from '../mail/templates.js';

export interface RenewMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  title: string;
  /** "7 days" or "30 days": how long since it was listed or last renewed. */
  age: string;
  /** How long before it pauses itself: "3 days". */
  grace: string;
  renewUrl: string;
  listingUrl: string;
  unsubscribeUrl: string;
}

/** "Is your listing still available?": its button opens a page that renews it, without signing in. */
export function renewMail(data: RenewMailData): RenderedMail {
  const subject = FRESH_TEXTS.linkQuestion(data.title);
  const reason =
    'You get this e-mail because you list this on Gardenswap and asked for e-mails about listings (matches). We ask now and then so buyers only see what is still there.';
  const greeting = `Hi ${data.recipientName},`;
  const lines = [
    `It is ${data.age} since you listed or last renewed “${data.title}” on Gardenswap. Is it still available?`,
    `If it is, tap the button and confirm on the page it opens: it shows as fresh again. If nobody renews it within ${data.grace}, it pauses itself: nobody else sees it until you reactivate it.`,
  ];
  const body = [
    paragraph(esc(greeting)),
    ...lines.map((line) => paragraph(esc(line))),
    button(data.renewUrl, FRESH_TEXTS.stillAvailable),
    paragraph(`Gone already? <a href="${esc(data.listingUrl)}">Open the listing</a> to mark it or delete it.`),
  ].join('\n');
  const text = [
    subject,
    '',
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    `${FRESH_TEXTS.stillAvailable}: ${data.renewUrl}`,
    '',
    `Gone already? Open the listing: ${data.listingUrl}`,
    '',
    footerText(reason, data.unsubscribeUrl),
  ].join('\n');
  return {
    subject,
    html: layout({ title: subject, headline: subject, body, reason, unsubscribeUrl: data.unsubscribeUrl }),
    text,
  };
}
