import { MAIL_PREVIEWS } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import { mailPreviews } from './previews.js';

describe('the e-mail previews', () => {
  const origin = 'https://gardenswap.example';

  it("brings the samples of mail's own templates and waits for the others' modules to add theirs", async () => {
    const previews = mailPreviews();
    expect(previews.missing()).toEqual(['listing-renew']);
    expect(await previews.render('listing-renew', origin)).toBeUndefined();
    const match = await previews.render('match', origin);
    expect(match?.subject).toBe('You got a match: Cherry tomatoes');
    expect(match?.text).toContain(`See the listing: ${origin}/listings/1`);

    const renew = { subject: 'Is “Zucchini” still available?', html: '<p>sample</p>', text: 'sample\n' };
    previews.add('listing-renew', async () => renew);
    expect(previews.missing()).toEqual([]);
    expect(await previews.render('listing-renew', origin)).toEqual(renew);
    expect(MAIL_PREVIEWS.length).toBe(4);
  });

  it('refuses a second sample for one kind', () => {
    const previews = mailPreviews();
    expect(() => previews.add('match', async () => ({ subject: '', html: '', text: '' }))).toThrow(/match/);
  });
});
