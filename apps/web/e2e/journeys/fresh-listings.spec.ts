import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import { expect, test } from '@playwright/test';
import { bearer, createMember, listingCard, mailText, postListing, sentMails, signedInPage, snap } from '../support';

test('a listing reads its age on the card and its page, and "renewed" once its owner renews it', async ({
  browser,
  request,
}) => {
  const [owner, neighbour] = await Promise.all([createMember(request, 'grower'), createMember(request, 'neighbour')]);
  const beans = await postListing(request, owner, { title: 'Runner beans' });

  const page = await signedInPage(browser, neighbour);
  await page.goto('/listings?tab=public');
  await expect(listingCard(page, owner, 'Runner beans')).toContainText('listed today');
  await page.goto(`/listings/${beans.id}`);
  await expect(page.getByRole('heading', { name: 'Runner beans' })).toBeVisible();
  await expect(page.locator('.listing-detail-age')).toHaveText('listed today');

  // The owner says it is still available (the notification's button calls the same route).
  const renewed = await request.post(`/api/listings/${beans.id}/renew`, { headers: bearer(owner) });
  expect(renewed.status()).toBe(200);
  await page.reload();
  await expect(page.locator('.listing-detail-age')).toHaveText('renewed today');
  await snap(page, 'listing-detail-renewed');

  // Only the owner renews.
  expect((await request.post(`/api/listings/${beans.id}/renew`, { headers: bearer(neighbour) })).status()).toBe(403);
});

const DAY_MS = 24 * 60 * 60_000;

/**
 * Makes a listing look listed `days` ago, on the journeys' server database (its DATA_DIR, see
 * playwright.config.ts), with the server's own SQLite driver: the server's clock cannot be moved.
 * The marketplace is made to have had fresh listings for longer, so its question is not one of a
 * backlog spread over the days after an upgrade.
 */
function backdateListing(id: number, days: number) {
  const fromServer = createRequire(fileURLToPath(new URL('../../../server/package.json', import.meta.url)));
  const Database = fromServer('better-sqlite3') as new (file: string) => {
    prepare(sql: string): { run(...values: unknown[]): unknown };
    close(): void;
  };
  const db = new Database(fileURLToPath(new URL('../../test-results/server-data/gardenswap.sqlite', import.meta.url)));
  try {
    db.prepare('update listings set created_at = ? where id = ?').run(
      new Date(Date.now() - days * DAY_MS).toISOString(),
      id,
    );
    db.prepare('update fresh_listings_since set at = ?').run(new Date(Date.now() - 2 * days * DAY_MS).toISOString());
  } finally {
    db.close();
  }
}

test("the renew e-mail's link asks first: opening it renews nothing, its button renews the listing", async ({
  browser,
  request,
}) => {
  // The server asks once a minute: the e-mail may take that long to come.
  test.setTimeout(200_000);
  const owner = await createMember(request, 'keeper');
  const kale = await postListing(request, owner, { title: 'Curly kale', category_id: 1 });
  backdateListing(kale.id, 8);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sentMails().find((m) => m.to === owner.email.toLowerCase() && /still available\?/.test(m.raw));
        link = mail && new RegExp(`^${FRESH_TEXTS.stillAvailable}: (\\S+)$`, 'm').exec(mailText(mail.raw))?.[1];
        return link;
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBeDefined();
  expect(new URL(link!).pathname).toBe('/renew');
  const renewedAt = async () =>
    (await (await request.get(`/api/listings/${kale.id}`, { headers: bearer(owner) })).json()).renewed_at;

  const page = await signedInPage(browser, owner);
  const question = page.getByRole('heading', { name: 'Is “Curly kale” still available?' });
  await page.goto(link!);
  await expect(question).toBeVisible();
  await snap(page, 'renew-page');
  // The address e-mails carried before the page existed leads to the same page.
  await page.goto(link!.replace('/renew?', '/api/listings/renew?'));
  await expect(page).toHaveURL(/\/renew\?token=/);
  await expect(question).toBeVisible();
  // Opened twice, and nothing changed.
  expect(await renewedAt()).toBeNull();

  await page.getByRole('button', { name: FRESH_TEXTS.stillAvailable }).click();
  await expect(page.getByRole('heading', { name: FRESH_TEXTS.linkRenewedTitle })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(FRESH_TEXTS.linkRenewed('Curly kale'));
  expect(await renewedAt()).not.toBeNull();
  await page.getByRole('link', { name: FRESH_TEXTS.seeListing }).click();
  await expect(page.locator('.listing-detail-age')).toHaveText('renewed today');
});
