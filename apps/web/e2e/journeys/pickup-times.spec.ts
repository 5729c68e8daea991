import { readFileSync } from 'node:fs';
import { formatPickupTime } from '@gardenswap/shared/pickup';
import { expect, test } from '@playwright/test';
import { createMember, postListing, seriousA11yViolations, signedInPage, snap, socketJoined } from '../support';

// bypassCSP lets the accessibility check inject axe-core.
test.use({ bypassCSP: true });

// The two members live in different zones: each reads the same instant in their own.
const ZONE_A = 'America/Denver';
const ZONE_B = 'America/New_York';

/** A `datetime-local` value `days` from today at a wall-clock time. */
function localValue(days: number, time: string) {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

/** The instant a wall-clock `datetime-local` value names in a zone (as the browser there converts it). */
function instantIn(zone: string, local: string) {
  const asUtc = Date.parse(`${local}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(asUtc)
      .map((p) => [p.type, Number(p.value)]),
  );
  const shown = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return new Date(asUtc - (shown - asUtc)).toISOString();
}

test('pickup times: offered with the reservation, picked, added to a calendar, moved and cancelled', async ({
  browser,
  request,
}) => {
  const [alice, bob] = await Promise.all([createMember(request, 'alice'), createMember(request, 'bob')]);
  const title = `Rhubarb crowns ${alice.username.slice(-5)}`;
  const listing = await postListing(request, alice, { title });
  const pageA = await signedInPage(browser, alice, undefined, { timezoneId: ZONE_A });
  const pageB = await signedInPage(browser, bob, undefined, { timezoneId: ZONE_B });

  // Bob asks for it; Alice watches her listing.
  await pageB.goto(`/listings/${listing.id}`);
  await pageB.getByRole('button', { name: "I'd like this" }).click();
  await expect(pageB.getByRole('heading', { name: `Chat with ${alice.username}` })).toBeVisible();
  const liveA = socketJoined(pageA);
  await pageA.goto(`/listings/${listing.id}`);
  await expect(pageA.getByRole('button', { name: `Reserve for ${bob.username}` })).toBeVisible();
  await liveA;

  // Bob keeps the listing open while Alice reserves it for him offering two times and a place.
  const liveB = socketJoined(pageB);
  await pageB.goto(`/listings/${listing.id}`);
  await expect(pageB.getByText('You asked for this.')).toBeVisible();
  await liveB;
  const first = localValue(3, '10:30');
  const second = localValue(4, '17:00');
  const [firstAt, secondAt] = [instantIn(ZONE_A, first), instantIn(ZONE_A, second)];
  await pageA.getByRole('button', { name: `Reserve for ${bob.username}` }).click();
  const reserve = pageA.getByRole('form', { name: `Reserve for ${bob.username}` });
  await reserve.getByLabel('Time 1', { exact: true }).fill(first);
  await reserve.getByRole('button', { name: 'Add another time' }).click();
  await reserve.getByLabel('Time 2', { exact: true }).fill(second);
  await reserve.getByLabel('Place (optional)').fill('The side gate on Elm St');
  await snap(pageA, 'pickup-reserve-form');
  await reserve.getByRole('button', { name: `Reserve for ${bob.username}` }).click();

  const pickupA = pageA.getByRole('region', { name: 'Pickup time' });
  await expect(pickupA.getByText(`Waiting for ${bob.username} to pick a time`)).toBeVisible();
  await expect(pickupA.getByText(formatPickupTime(firstAt, ZONE_A))).toBeVisible();
  await expect(pickupA.getByText(formatPickupTime(secondAt, ZONE_A))).toBeVisible();
  expect(await seriousA11yViolations(pageA)).toEqual([]);

  // Bob sees the times in his own zone and picks the second.
  const pickupB = pageB.getByRole('region', { name: 'Pickup time' });
  await expect(pickupB.getByText('Pick a time that suits you')).toBeVisible();
  await expect(pickupB.getByText('The side gate on Elm St')).toBeVisible();
  await expect(pickupB.getByRole('button', { name: formatPickupTime(firstAt, ZONE_B) })).toBeVisible();
  await snap(pageB, 'pickup-pick-a-time');
  expect(await seriousA11yViolations(pageB)).toEqual([]);
  await pickupB.getByRole('button', { name: formatPickupTime(secondAt, ZONE_B) }).click();

  await expect(pickupB.getByText(`Pickup agreed: ${formatPickupTime(secondAt, ZONE_B)}`)).toBeVisible();
  await expect(pickupA.getByText(`Pickup agreed: ${formatPickupTime(secondAt, ZONE_A)}`)).toBeVisible();

  // In the chat, Bob finds the listing above the messages and adds the pickup to his calendar.
  const chatLive = socketJoined(pageB);
  await pageB.goto(`/messages/${alice.id}`);
  const strip = pageB.getByRole('list', { name: 'Reserved between you' });
  await expect(strip.getByRole('link', { name: title })).toHaveAttribute('href', `/listings/${listing.id}`);
  const chatPickup = strip.getByRole('region', { name: `Pickup of ${title}` });
  await expect(chatPickup.getByText(`Pickup agreed: ${formatPickupTime(secondAt, ZONE_B)}`)).toBeVisible();
  await chatLive;
  const downloading = pageB.waitForEvent('download');
  await chatPickup.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pickup.ics');
  const calendar = readFileSync(await download.path(), 'utf8');
  expect(calendar).toContain('BEGIN:VCALENDAR');
  expect(calendar).toContain(title);
  await snap(pageB, 'pickup-chat-strip');
  expect(await seriousA11yViolations(pageB)).toEqual([]);

  // Alice moves it to another time; Bob's chat shows the new time to pick.
  const moved = localValue(5, '09:15');
  const movedAt = instantIn(ZONE_A, moved);
  await pickupA.getByRole('button', { name: 'Move the pickup' }).click();
  const move = pageA.getByRole('form', { name: 'Move the pickup' });
  await expect(move.getByLabel('Time 1', { exact: true })).toHaveValue(second);
  await move.getByLabel('Time 1', { exact: true }).fill(moved);
  await move.getByRole('button', { name: 'Send new times' }).click();
  await expect(pickupA.getByText(formatPickupTime(movedAt, ZONE_A))).toBeVisible();
  await expect(chatPickup.getByRole('button', { name: formatPickupTime(movedAt, ZONE_B) })).toBeVisible();
  await expect(chatPickup.getByText(/Pickup agreed/)).toHaveCount(0);

  // Alice cancels it; it is gone from Bob's chat too, the listing still kept for him.
  await pickupA.getByRole('button', { name: 'Cancel the pickup' }).click();
  await expect(pickupA.getByText('No pickup time yet.')).toBeVisible();
  await expect(chatPickup.getByText('No pickup time yet.')).toBeVisible();
  await expect(chatPickup.getByRole('button', { name: formatPickupTime(movedAt, ZONE_B) })).toHaveCount(0);
});
