import { FRESH_TEXTS } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import { renewMail, renewMailSample } from './renew.mail.js';

const HOSTILE = '<img src=x onerror=alert(1)> & "q"';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;';
const origin = 'https://gardenswap.example';

describe('the renew e-mail', () => {
  const mail = () =>
    renewMail({
      recipientName: 'Alex',
      title: HOSTILE,
      age: '7 days',
      grace: '3 days',
      renewUrl: `${origin}/renew?token=r`,
      listingUrl: `${origin}/listings/4`,
      unsubscribeUrl: `${origin}/unsubscribe?token=u`,
    });

  it("escapes the listing's title in the HTML and keeps it as typed in the subject and the plain text", async () => {
    const { subject, html, text } = await mail();
    expect(subject).toBe(FRESH_TEXTS.linkQuestion(HOSTILE));
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain('<img src=x');
    expect(text).toContain(`It is 7 days since you listed or last renewed “${HOSTILE}” on Gardenswap.`);
    expect(text).not.toMatch(/&(amp|lt|gt|quot);/);
  });

  it('links the renew page, the listing and the unsubscribe page, as "label: url" in the plain text', async () => {
    const { html, text } = await mail();
    expect(text.startsWith(`${FRESH_TEXTS.linkQuestion(HOSTILE)}\n\nHi Alex,\n\n`)).toBe(true);
    expect(text).toContain(`\n${FRESH_TEXTS.stillAvailable}: ${origin}/renew?token=r\n`);
    expect(text).toContain(`\nGone already? Open the listing: ${origin}/listings/4 to mark it or delete it.\n`);
    expect(
      text.endsWith(
        `\n--\n${'You get this e-mail because you list this on Gardenswap and asked for e-mails about listings (matches). We ask now and then so buyers only see what is still there.'}\nUnsubscribe: ${origin}/unsubscribe?token=u\n`,
      ),
    ).toBe(true);
    for (const url of [`${origin}/renew?token=r`, `${origin}/listings/4`, `${origin}/unsubscribe?token=u`])
      expect(html).toContain(`href="${url}"`);
  });

  it('has a sample for its preview', async () => {
    const sample = await renewMailSample(origin);
    expect(sample.subject).toBe('Is “Zucchini” still available?');
    expect(sample.text).toContain(`${FRESH_TEXTS.stillAvailable}: ${origin}/renew?token=sample`);
  });
});
