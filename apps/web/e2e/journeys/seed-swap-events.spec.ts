import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  createMember,
  pngPhoto,
  seriousA11yViolations,
  setLocation,
  signedInPage,
  snap,
  socketJoined,
} from '../support';

// bypassCSP lets the accessibility check inject axe-core.
test.use({ bypassCSP: true });

// Two ZIP codes of Bozeman, about ten miles apart: no other journey places members there.
const HOST_PLACE = { city: 'Bozeman', state: 'MT', postcode: '59715' };
const NEIGHBOUR_PLACE = { city: 'Bozeman', state: 'MT', postcode: '59718' };

/** A `datetime-local` value `days` from today at a wall-clock time. */
function localValue(days: number, time: string) {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

test('seed swap events: hosted with a photo, found nearby, gone to, put in a calendar, and cancelled', async ({
  browser,
  request,
}) => {
  const [host, neighbour] = await Promise.all([createMember(request, 'host'), createMember(request, 'swapper')]);
  await Promise.all([setLocation(request, host, HOST_PLACE), setLocation(request, neighbour, NEIGHBOUR_PLACE)]);
  const title = `Seed swap ${host.username.slice(-5)}`;

  // The host posts it through the form on a phone, with a photo.
  const pageA = await signedInPage(browser, host, PHONE);
  await pageA.goto('/events');
  await pageA.getByRole('link', { name: 'Host an event' }).click();
  await expect(pageA.getByRole('heading', { name: 'Host a seed swap' })).toBeVisible();
  await pageA.getByLabel('Title').fill(title);
  await pageA.getByLabel('Description').fill('Bring labelled packets of what you saved last year.');
  await pageA.getByLabel('Starts').fill(localValue(3, '10:00'));
  await pageA.getByLabel('Ends').fill(localValue(3, '14:00'));
  await pageA.getByLabel('Place', { exact: true }).fill('Bozeman Public Library');
  await pageA.getByLabel('Address (optional)').fill('626 E Main St');
  await pageA.getByLabel('ZIP code').fill(HOST_PLACE.postcode);
  await pageA.getByLabel('Capacity (optional)').fill('20');
  await pageA.getByLabel('Photo (optional)').setInputFiles(pngPhoto('swap.png', [180, 120, 40], 320));
  await expect(pageA.getByRole('img', { name: 'Selected photo preview' })).toBeVisible();
  await snap(pageA, 'events-form-phone');
  expect(await seriousA11yViolations(pageA)).toEqual([]);
  await pageA.getByRole('button', { name: 'Post event' }).click();

  await expect(pageA).toHaveURL(/\/events\/\d+$/);
  const eventId = Number(new URL(pageA.url()).pathname.split('/').pop());
  await expect(pageA.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(pageA.locator('img.event-photo')).toHaveJSProperty('complete', true);
  expect(await pageA.locator('img.event-photo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );
  await expect(pageA.getByText('0 going')).toBeVisible();
  await expect(pageA.getByText('20 spots left')).toBeVisible();

  // A neighbour a few miles away finds it among the events near them, on a desktop.
  const pageB = await signedInPage(browser, neighbour, DESKTOP);
  await pageB.goto('/events');
  const card = pageB.getByRole('article').filter({ has: pageB.getByRole('heading', { name: title, exact: true }) });
  await expect(card).toContainText('Bozeman Public Library');
  await expect(card).toContainText('0 going');
  await expect(card).toContainText(/\d+(\.\d)? mi/);
  await snap(pageB, 'events-list-desktop');
  expect(await seriousA11yViolations(pageB)).toEqual([]);

  // And on the marketplace, below the listings, where it opens the event (the live connection opens with the page).
  const live = socketJoined(pageB);
  await pageB.goto('/listings');
  const strip = pageB.getByRole('region', { name: 'Seed swaps near you' });
  const stripCard = strip.getByRole('link', { name: new RegExp(title) });
  await expect(stripCard).toBeVisible();
  await expect(strip.getByRole('link', { name: 'See all seed swaps' })).toHaveAttribute('href', '/events');
  await snap(pageB, 'events-marketplace-strip-desktop');
  await stripCard.click();
  await expect(pageB).toHaveURL(new RegExp(`/events/${eventId}$`));
  await live;

  // The address is shown; they say they are going and save the calendar entry.
  await expect(pageB.getByText('626 E Main St, 59715')).toBeVisible();
  await expect(pageB.getByRole('link', { name: host.username })).toHaveAttribute('href', `/seller/${host.id}`);
  await expect(pageB.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
  await pageB.getByRole('button', { name: "I'm going" }).click();
  await expect(pageB.getByText('You are going.')).toBeVisible();
  await expect(pageB.getByText('1 going')).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Not going' })).toBeVisible();
  const downloading = pageB.waitForEvent('download');
  await pageB.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('event.ics');
  const calendar = readFileSync(await download.path(), 'utf8');
  expect(calendar).toContain('BEGIN:VCALENDAR');
  expect(calendar).toContain(title);
  await snap(pageB, 'events-event-desktop');
  expect(await seriousA11yViolations(pageB)).toEqual([]);

  // The host sees them going.
  await pageA.reload();
  await expect(pageA.getByText('1 going')).toBeVisible();
  await expect(pageA.getByText('19 spots left')).toBeVisible();
  await snap(pageA, 'events-event-host-phone');
  expect(await seriousA11yViolations(pageA)).toEqual([]);

  // The host cancels it; the neighbour's open page says so at once.
  await pageA.getByRole('button', { name: 'Cancel event' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Cancel this event?' });
  await confirm.getByRole('button', { name: 'Cancel event' }).click();
  await expect(pageA.getByText('This event was cancelled')).toBeVisible();
  await expect(pageA.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(pageB.getByText('This event was cancelled')).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Not going' })).toHaveCount(0);

  // Their notifications tell of it, linking to the event.
  await pageB.goto('/notifications');
  const notice = pageB.getByRole('listitem').filter({ hasText: `${host.username} cancelled ${title}.` });
  await expect(notice.getByRole('link', { name: title })).toHaveAttribute('href', `/events/${eventId}`);

  // The hosting tab keeps it, marked cancelled.
  await pageA.goto('/events?tab=mine');
  const mine = pageA.getByRole('article').filter({ has: pageA.getByRole('heading', { name: title, exact: true }) });
  await expect(mine).toContainText('Cancelled');
  await snap(pageA, 'events-hosting-phone');
  expect(await seriousA11yViolations(pageA)).toEqual([]);
});
