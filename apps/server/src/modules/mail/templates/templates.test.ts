import { ACCOUNT_TEXTS, CATEGORIES, LISTING_TYPES, NOTIFICATION_TEXTS, TEXTS } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import { confirmEmailMail } from './confirm-email.mail.js';
import { emailChangeRequestedMail } from './email-change-requested.mail.js';
import { emailChangedMail } from './email-changed.mail.js';
import { friendInvitationMail } from './friend-invitation.mail.js';
import { matchMail } from './match.mail.js';
import { passwordChangedMail } from './password-changed.mail.js';
import { passwordResetMail } from './password-reset.mail.js';
import type { RenderedMail } from './render-mail.js';
import { signInAttemptsMail } from './sign-in-attempts.mail.js';
import { unreadMessagesMail } from './unread-messages.mail.js';

/** What a member may type into a title or a name, and how the HTML must carry it. */
const HOSTILE = '<img src=x onerror=alert(1)> & "q"';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;';

const origin = 'https://gardenswap.example';
const unsubscribeUrl = `${origin}/unsubscribe?token=abc`;
const SECURITY_REASON =
  'You get this e-mail because it concerns the security of your Gardenswap account. We send notices like this one even when e-mail notifications are off.';

interface Case {
  mail: () => Promise<RenderedMail>;
  /** The first line of the plain text, then the greeting. */
  headline: string;
  greeting: string;
  /** Every link of the e-mail but the unsubscribe link, as "label: url" in the plain text. */
  links: [label: string, url: string][];
  reason: string;
  unsubscribe: boolean;
}

const cases: Record<string, Case> = {
  match: {
    mail: () =>
      matchMail({
        recipientName: HOSTILE,
        wantTitle: HOSTILE,
        listing: {
          title: HOSTILE,
          categoryId: CATEGORIES.produce,
          typeId: LISTING_TYPES.sell,
          price: 12,
          url: `${origin}/listings/7`,
          imageUrl: `${origin}/api/uploads/a.webp?v=3&e=9`,
        },
        owner: { username: 'rosa_grows', place: HOSTILE },
        unsubscribeUrl,
      }),
    headline: NOTIFICATION_TEXTS.matchSubject,
    greeting: `Hi ${HOSTILE},`,
    links: [['See the listing', `${origin}/listings/7`]],
    reason: 'You get this e-mail because a listing matched an item on your Gardenswap wish list.',
    unsubscribe: true,
  },
  'friend request': {
    mail: () =>
      friendInvitationMail({
        kind: 'request',
        recipientName: HOSTILE,
        fromName: HOSTILE,
        fromUsername: 'rosa_grows',
        place: null,
        friendCount: 1,
        profileUrl: `${origin}/seller/3`,
        unsubscribeUrl,
      }),
    headline: `${HOSTILE} invited you to be friends`,
    greeting: `Hi ${HOSTILE},`,
    links: [[`See ${HOSTILE}'s profile`, `${origin}/seller/3`]],
    reason: 'You get this e-mail because a member sent you a friend request on Gardenswap.',
    unsubscribe: true,
  },
  'friend invitation': {
    mail: () =>
      friendInvitationMail({
        kind: 'invitation',
        fromName: HOSTILE,
        fromUsername: 'rosa_grows',
        place: 'Salt Lake City, UT',
        friendCount: 2,
        profileUrl: `${origin}/seller/3`,
        unsubscribeUrl,
      }),
    headline: `${HOSTILE} invited you to be friends`,
    greeting: 'Hi,',
    links: [[`See ${HOSTILE}'s profile`, `${origin}/seller/3`]],
    reason: `You get this e-mail because ${HOSTILE} (@rosa_grows) entered your address on Gardenswap.`,
    unsubscribe: true,
  },
  'unread messages': {
    mail: () =>
      unreadMessagesMail({
        recipientName: 'Alex',
        fromName: HOSTILE,
        fromUsername: 'rosa_grows',
        count: 2,
        latestText: HOSTILE,
        chatUrl: `${origin}/messages/3`,
        unsubscribeUrl,
      }),
    headline: `${HOSTILE} sent you 2 messages`,
    greeting: 'Hi Alex,',
    links: [[`Reply to ${HOSTILE}`, `${origin}/messages/3`]],
    reason:
      'You get this e-mail because a member sent you messages on Gardenswap while you were away. We send at most one an hour for each conversation.',
    unsubscribe: true,
  },
  'sign-in attempts': {
    mail: () =>
      signInAttemptsMail({
        username: HOSTILE,
        attempts: 5,
        from: new Date('2026-03-03T14:02:00Z'),
        to: new Date('2026-03-03T14:09:00Z'),
        signInUrl: `${origin}/login`,
      }),
    headline: TEXTS.signInAttemptsSubject,
    greeting: `Hi ${HOSTILE},`,
    links: [['Sign in to Gardenswap', `${origin}/login`]],
    reason:
      'You get this e-mail because someone tried to sign in to your Gardenswap account. We send security notices like this one even when e-mail notifications are off.',
    unsubscribe: false,
  },
  'password reset': {
    mail: () => passwordResetMail({ username: HOSTILE, resetUrl: `${origin}/reset-password?token=t1` }),
    headline: TEXTS.passwordResetSubject,
    greeting: `Hi ${HOSTILE},`,
    links: [['Choose a new password', `${origin}/reset-password?token=t1`]],
    reason:
      'You get this e-mail because someone asked to reset the password of your Gardenswap account. We send security notices like this one even when e-mail notifications are off.',
    unsubscribe: false,
  },
  'confirm e-mail': {
    mail: () =>
      confirmEmailMail({
        username: HOSTILE,
        email: HOSTILE,
        confirmUrl: `${origin}/confirm-email?token=t2`,
        kind: 'change',
      }),
    headline: ACCOUNT_TEXTS.confirmNewSubject,
    greeting: `Hi ${HOSTILE},`,
    links: [['Confirm my new email', `${origin}/confirm-email?token=t2`]],
    reason: SECURITY_REASON,
    unsubscribe: false,
  },
  'e-mail change requested': {
    mail: () => emailChangeRequestedMail({ username: 'alex', newEmail: HOSTILE, profileUrl: `${origin}/profile` }),
    headline: ACCOUNT_TEXTS.changeRequestedSubject,
    greeting: 'Hi alex,',
    links: [],
    reason: SECURITY_REASON,
    unsubscribe: false,
  },
  'e-mail changed': {
    mail: () => emailChangedMail({ username: 'alex', newEmail: HOSTILE, contactEmail: 'hello@gardenswap.example' }),
    headline: ACCOUNT_TEXTS.emailChangedSubject,
    greeting: 'Hi alex,',
    links: [],
    reason: SECURITY_REASON,
    unsubscribe: false,
  },
  'password changed': {
    mail: () => passwordChangedMail({ username: HOSTILE, resetUrl: `${origin}/forgot-password` }),
    headline: ACCOUNT_TEXTS.passwordChangedSubject,
    greeting: `Hi ${HOSTILE},`,
    links: [],
    reason: SECURITY_REASON,
    unsubscribe: false,
  },
};

describe('the e-mail templates', () => {
  for (const [name, c] of Object.entries(cases)) {
    describe(name, () => {
      it('escapes what a member typed in the HTML and keeps it as typed in the plain text', async () => {
        const mail = await c.mail();
        expect(mail.html).toContain(ESCAPED);
        expect(mail.html).not.toContain('<img src=x');
        expect(mail.text).toContain(HOSTILE);
        expect(mail.text).not.toMatch(/&(amp|lt|gt|quot);/);
      });

      it('reads in plain text as headline, greeting, lines, "label: url" links and the footer', async () => {
        const mail = await c.mail();
        expect(mail.text.startsWith(`${c.headline}\n\n${c.greeting}\n\n`), mail.text).toBe(true);
        for (const [label, url] of c.links) {
          expect(mail.text).toContain(`\n${label}: ${url}\n`);
          expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
        }
        const footer = `\n\nHappy gardening,\nThe Gardenswap team\n\n--\n${c.reason}\n`;
        expect(
          mail.text.endsWith(c.unsubscribe ? `${footer}Unsubscribe: ${unsubscribeUrl}\n` : footer),
          mail.text,
        ).toBe(true);
        expect(mail.html).toContain('Gardenswap');
        expect(mail.text).not.toMatch(/^Gardenswap$/m);
      });

      it(
        c.unsubscribe ? 'links to its unsubscribe page' : 'has no unsubscribe link: no switch turns it off',
        async () => {
          const mail = await c.mail();
          if (c.unsubscribe) expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
          else for (const part of [mail.html, mail.text]) expect(part).not.toMatch(/unsubscribe/i);
        },
      );
    });
  }

  it('lays the plain text out as it always read', async () => {
    const mail = await matchMail({
      recipientName: 'Alex',
      wantTitle: 'tomato',
      listing: {
        title: 'Cherry tomatoes',
        categoryId: CATEGORIES.produce,
        typeId: LISTING_TYPES.sell,
        price: 12,
        url: `${origin}/listings/1`,
        imageUrl: null,
      },
      owner: { username: 'rosa_grows', place: 'Salt Lake City, UT' },
      unsubscribeUrl,
    });
    expect(mail.subject).toBe('You got a match: Cherry tomatoes');
    expect(mail.text).toBe(
      [
        'You got a match',
        '',
        'Hi Alex,',
        '',
        'Good news: a gardener has something on your wish list. You want "tomato", and this listing matches it.',
        '',
        '  Cherry tomatoes',
        '  produce · $12',
        '  rosa_grows · Salt Lake City, UT',
        '',
        `See the listing: ${origin}/listings/1`,
        '',
        'Send rosa_grows a message from the listing to arrange a swap.',
        '',
        'Happy gardening,',
        'The Gardenswap team',
        '',
        '--',
        'You get this e-mail because a listing matched an item on your Gardenswap wish list.',
        `Unsubscribe: ${unsubscribeUrl}`,
        '',
      ].join('\n'),
    );
  });

  it("quotes every line of a member's message, and cuts a long one", async () => {
    const base = {
      recipientName: 'Alex',
      fromName: 'Rosa',
      fromUsername: 'rosa_grows',
      chatUrl: `${origin}/messages/3`,
      unsubscribeUrl,
    };
    const mail = await unreadMessagesMail({ ...base, count: 1, latestText: 'Beans?\nOr peas & <basil>' });
    expect(mail.subject).toBe('Rosa sent you a message');
    expect(mail.text).toContain(
      'sent you a message on Gardenswap:\n\n> Beans?\n> Or peas & <basil>\n\nReply to Rosa: ',
    );
    expect(mail.html).toContain('Beans?\nOr peas &amp; &lt;basil&gt;');
    const long = await unreadMessagesMail({ ...base, count: 4, latestText: 'x'.repeat(600) });
    expect(long.text).toContain(`> ${'x'.repeat(499)}…\n`);
  });

  it('shows the thumbnail of a match in the HTML only, its address escaped', async () => {
    const mail = await cases.match!.mail();
    expect(mail.html).toContain(`src="${origin}/api/uploads/a.webp?v=3&amp;e=9"`);
    expect(mail.text).not.toContain('a.webp');
  });
});
