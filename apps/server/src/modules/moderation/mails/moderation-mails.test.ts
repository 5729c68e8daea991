import { describe, expect, it } from 'vitest';
import type { RenderedMail } from '../../mail/templates/render-mail.js';
import { listingHiddenMail } from './listing-hidden.mail.js';
import { listingUnhiddenMail } from './listing-unhidden.mail.js';
import { suspensionLiftedMail } from './suspension-lifted.mail.js';
import { suspensionMail } from './suspension.mail.js';
import { warningMail } from './warning.mail.js';

const HOSTILE = '<img src=x onerror=alert(1)> & "q"';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;';
const origin = 'https://gardenswap.example';
const REASON =
  'You get this e-mail because a Gardenswap moderator acted on your account. We send notices like this one even when e-mail notifications are off.';

const cases: Record<string, { mail: () => Promise<RenderedMail>; subject: string; link?: [string, string] }> = {
  'listing hidden': {
    mail: () => listingHiddenMail({ name: HOSTILE, title: HOSTILE, reason: HOSTILE, url: `${origin}/listings/2` }),
    subject: 'A moderator hid your listing',
    link: ['See your listing', `${origin}/listings/2`],
  },
  warning: {
    mail: () => warningMail({ name: HOSTILE, reason: HOSTILE, url: origin }),
    subject: 'A warning from the Gardenswap moderators',
    link: ['Open Gardenswap', origin],
  },
  suspension: {
    mail: () => suspensionMail({ name: HOSTILE, reason: HOSTILE, until: '2026-04-01T10:00:00.000Z' }),
    subject: 'Your Gardenswap account is suspended',
  },
  'listing unhidden': {
    mail: () =>
      listingUnhiddenMail({
        name: HOSTILE,
        title: HOSTILE,
        reason: HOSTILE,
        url: `${origin}/listings/2`,
        ownerSuspended: true,
      }),
    subject: 'Your listing is no longer hidden',
    link: ['See your listing', `${origin}/listings/2`],
  },
  'suspension lifted': {
    mail: () => suspensionLiftedMail({ name: HOSTILE, reason: HOSTILE, url: `${origin}/login` }),
    subject: 'Your Gardenswap account is no longer suspended',
    link: ['Sign in', `${origin}/login`],
  },
};

describe('the moderation e-mails', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: escapes the member's name, title and the moderator's reason in the HTML, keeps them as typed in the plain text`, async () => {
      const mail = await c.mail();
      expect(mail.subject).toBe(c.subject);
      expect(mail.html).toContain(ESCAPED);
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.text.startsWith(`${c.subject}\n\nHi ${HOSTILE},\n\n`)).toBe(true);
      expect(mail.text).toContain(`\nThe moderator's reason: ${HOSTILE}\n`);
      expect(mail.text).not.toMatch(/&(amp|lt|gt|quot);/);
      if (c.link) {
        expect(mail.text).toContain(`\n${c.link[0]}: ${c.link[1]}\n`);
        expect(mail.html).toContain(`href="${c.link[1]}"`);
      }
      // Notices about a member's standing: no switch turns them off, so no unsubscribe link.
      expect(mail.text.endsWith(`\n--\n${REASON}\n`)).toBe(true);
      for (const part of [mail.html, mail.text]) expect(part).not.toMatch(/unsubscribe/i);
    });
  }

  it('says until when a suspension lasts, in UTC, or that it has no end', async () => {
    const until = await suspensionMail({ name: 'Alex', reason: 'Spam', until: '2026-04-01T10:00:00.000Z' });
    expect(until.text).toContain('suspended your account until 2026-04-01 10:00 UTC.');
    const forGood = await suspensionMail({ name: 'Alex', reason: 'Spam', until: null });
    expect(forGood.text).toContain('suspended your account until further notice.');
  });
});
