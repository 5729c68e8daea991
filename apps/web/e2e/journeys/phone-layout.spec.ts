import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  PHONE,
  bearer,
  createMember,
  createUnconfirmedMember,
  type Member,
  postMessage,
  setLocation,
  signedInPage,
} from '../support';

// A new member: registered, address not confirmed, so the confirm-email banner sits above every page.
test.use({ viewport: PHONE });

const banner = (page: Page) => page.getByRole('region', { name: 'Confirm your email' });
/** The bottom navigation (the header's copy of the links is hidden on a phone). */
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element has a box on screen').not.toBeNull();
  return found!;
}

/** Taps the button where it shows: a real click at its centre lands on whatever is on top there. */
async function tap(page: Page, button: Locator) {
  const { x, y, width, height } = await box(button);
  const centre = { x: x + width / 2, y: y + height / 2 };
  const onTop = await page.evaluate(({ x, y }) => {
    const el = document.elementFromPoint(x, y);
    return el?.closest('button, a')?.textContent?.trim() ?? el?.tagName ?? 'nothing';
  }, centre);
  expect(onTop, 'what lies at the centre of the button').toBe((await button.textContent())?.trim());
  await page.mouse.click(centre.x, centre.y);
}

/** What the other member reads in the conversation, through the API. */
async function conversationOf(request: Parameters<typeof createMember>[0], reader: Member, other: Member) {
  const response = await request.get(`/api/messages/${other.id}`, { headers: bearer(reader) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string }[]).map((m) => m.content);
}

/** The composer and its Send button lie between the banner and the bottom navigation, inside the viewport. */
async function expectComposerInSight(page: Page) {
  const viewport = page.viewportSize()!;
  const nav = await box(bottomNav(page));
  const input = await box(page.getByRole('textbox', { name: 'Message' }));
  const send = await box(page.getByRole('button', { name: 'Send', exact: true }));
  const bannerBox = await box(banner(page));
  for (const [name, b] of [
    ['message box', input],
    ['Send button', send],
  ] as const) {
    expect(b.y, `${name} starts below the banner`).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
    expect(b.y + b.height, `${name} ends above the navigation`).toBeLessThanOrEqual(nav.y);
  }
  expect(nav.y + nav.height, 'navigation at the foot of the viewport').toBeLessThanOrEqual(viewport.height + 1);
  // The chat fits the viewport: nothing to scroll the page by.
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);
  expect(overflow, 'the page is no taller than the viewport').toBeLessThanOrEqual(1);
}

test('a new member answers a message on a phone by tapping Send, the banner and the keyboard taking their room', async ({
  browser,
  request,
}) => {
  const [newcomer, neighbour] = await Promise.all([
    createUnconfirmedMember(request, 'sprout_new_gardener'),
    createMember(request, 'priya_plot_saltlake'),
  ]);
  await postMessage(request, neighbour, newcomer, 'Hello! Would you like some squash seedlings?');
  const page = await signedInPage(browser, newcomer);
  await page.goto(`/messages/${neighbour.id}`);
  await expect(page.getByText('Would you like some squash seedlings?')).toBeVisible();
  await expect(banner(page)).toBeVisible();

  // The banner is a few short lines, not half the screen.
  expect((await box(banner(page))).height).toBeLessThanOrEqual(100);

  // The header names the neighbour: the name's start and end in sight, the whole name read out.
  const title = page.getByRole('heading', { name: `Chat with ${neighbour.username}` });
  await expect(title).toBeVisible();
  await expect(title.locator('.middle-ellipsis-start')).toContainText(neighbour.username.slice(0, 8));
  await expect(title.locator('.middle-ellipsis-end')).toHaveText(neighbour.username.slice(-6));
  const titleBox = await box(title);
  expect(titleBox.width, 'the title has room for the name').toBeGreaterThanOrEqual(140);

  await expectComposerInSight(page);
  const log = page.getByRole('log', { name: 'Messages' });
  const reply = 'Yes please, two of them!';
  await page.getByRole('textbox', { name: 'Message' }).fill(reply);
  await tap(page, page.getByRole('button', { name: 'Send', exact: true }));
  await expect(log.getByText(reply)).toBeVisible();
  await expect(page.getByText('Sending...')).toHaveCount(0);
  await expect.poll(() => conversationOf(request, neighbour, newcomer)).toContain(reply);

  // The on-screen keyboard takes the lower 344 px (resizes-content): the composer moves up with it.
  await page.setViewportSize({ width: PHONE.width, height: 500 });
  await page.getByRole('textbox', { name: 'Message' }).click();
  await expectComposerInSight(page);
  const more = 'I can pick them up on Sunday.';
  await page.getByRole('textbox', { name: 'Message' }).fill(more);
  await tap(page, page.getByRole('button', { name: 'Send', exact: true }));
  await expect(log.getByText(more)).toBeVisible();
  await expect.poll(() => conversationOf(request, neighbour, newcomer)).toContain(more);
});

test('a new member reads a seller’s username and place each on one line of the profile header on a phone', async ({
  browser,
  request,
}) => {
  const [newcomer, seller] = await Promise.all([
    createUnconfirmedMember(request, 'sprout_new_gardener'),
    createMember(request, 'priya_plot_saltlake'),
  ]);
  expect(seller.username).toHaveLength(30);
  await setLocation(request, seller, { city: 'Salt Lake City', state: 'UT', postcode: '84101' });
  const page = await signedInPage(browser, newcomer);
  await page.goto(`/seller/${seller.id}`);
  await expect(banner(page)).toBeVisible();
  // Friend status and safety buttons load after the name: measure once they are all in place.
  await expect(page.getByRole('button', { name: 'Add friend' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block' })).toBeVisible();

  const header = page.getByRole('region', { name: `@${seller.username}` });
  const name = header.getByRole('heading', { name: `@${seller.username}` });
  const place = header.getByText('Salt Lake City, UT');
  await expect(name).toBeVisible();
  await expect(place).toBeVisible();
  const headerBox = await box(header);
  const nameBox = await box(name);
  const placeBox = await box(place);
  const lineHeight = (locator: Locator) =>
    locator.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize));

  // One line each, not a column a few letters wide.
  expect(nameBox.height, 'the username takes one line').toBeLessThan((await lineHeight(name)) * 1.5);
  expect(placeBox.height, 'the place takes one line').toBeLessThan((await lineHeight(place)) * 1.5);
  expect(nameBox.width, 'the username spans most of the header beside the picture').toBeGreaterThan(
    headerBox.width * 0.5,
  );
  const placeText = await place.evaluate((el) => {
    const text = Array.from(el.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    const range = document.createRange();
    range.selectNodeContents(text!);
    const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    return { lines: lines.size, clipped: el.scrollWidth > el.clientWidth };
  });
  expect(placeText, 'the place is whole, on one line').toEqual({ lines: 1, clipped: false });

  // The username keeps its start and its end in sight.
  await expect(name.locator('.middle-ellipsis-start')).toContainText(`@${seller.username.slice(0, 8)}`);
  await expect(name.locator('.middle-ellipsis-end')).toHaveText(seller.username.slice(-6));
  expect((await box(name.locator('.middle-ellipsis-start'))).width, 'a readable start').toBeGreaterThan(80);
  await expect(name.locator('.middle-ellipsis')).toHaveAttribute('title', `@${seller.username}`);

  // Nothing is wider than the phone.
  const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
});
