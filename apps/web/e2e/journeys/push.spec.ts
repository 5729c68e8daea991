import { PUSH_KIND_TEXTS, PUSH_TEXTS } from '@gardenswap/shared/push';
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { deviceKeys, fakePushManager, startPushService } from '../push-service';
import {
  PHONE,
  WITH_WORKER,
  bearer,
  createMember,
  postMessage,
  serviceWorkerActive,
  signedInPage,
  snap,
} from '../support';

/** The notifications the service worker shows now, as the page's registration lists them. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    })),
  );

/** Hands a push's plaintext to the real service worker, as Chromium does when its push service delivers one. */
async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: all }) => {
      const ours = all.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrations, data });
  await cdp.detach();
}

test('message pushes: turned on from the profile, none while the member looks, one when Gardenswap is closed, shown by the service worker, and a tap opens the chat', async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const pushService = await startPushService();
  try {
    const [reader, writer] = await Promise.all([createMember(request, 'reader'), createMember(request, 'writer')]);
    const device = deviceKeys(`${pushService.origin}/push/${reader.username}`);
    const page = await signedInPage(browser, reader, PHONE, WITH_WORKER);
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin });
    await context.addInitScript(fakePushManager, device.subscription);

    // All off at first; the Messages switch subscribes this browser and turns message pushes on.
    await page.goto('/profile');
    await serviceWorkerActive(page);
    const section = page.getByRole('region', { name: PUSH_TEXTS.title });
    for (const kind of ['messages', 'matches', 'friend_requests', 'trades'] as const)
      await expect(section.getByRole('switch', { name: PUSH_KIND_TEXTS[kind].label })).not.toBeChecked();
    await section.getByRole('switch', { name: 'Messages' }).click();
    await expect(section.getByRole('switch', { name: 'Messages' })).toBeChecked();
    await expect(section.getByRole('button', { name: PUSH_TEXTS.turnOff })).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    const settings = await (await request.get('/api/push/settings', { headers: bearer(reader) })).json();
    expect(settings).toMatchObject({ switches: { messages: true, matches: false }, devices: 1 });
    await snap(page, 'push-settings-phone');

    // While the member looks at Gardenswap (the tab told the server so), a message is not pushed.
    const focusReports: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"tab_focus"')) focusReports.push(payload);
      }),
    );
    await page.goto('/messages');
    await expect.poll(() => focusReports).toContainEqual('42["tab_focus",{"focused":true}]');
    await postMessage(request, writer, reader, 'Are the runner beans still there?');
    await expect(page.getByText('Are the runner beans still there?')).toBeVisible();
    // The push worker looks every 200 ms in the journeys' server, and a message wakes it at once.
    await page.waitForTimeout(2_000);
    expect(pushService.received).toHaveLength(0);

    // Gardenswap closed: the next message goes to the push service, encrypted for this device alone.
    const blank = await context.newPage();
    await page.close();
    await postMessage(request, writer, reader, 'I can bring them on Saturday.');
    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(1);
    const [push] = pushService.received;
    expect(push!.path).toBe(`/push/${reader.username}`);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const plaintext = device.decrypt(push!.body);
    expect(JSON.parse(plaintext)).toEqual({
      kind: 'messages',
      title: writer.first_name,
      body: 'I can bring them on Saturday.',
      url: `/messages/${writer.id}`,
      tag: `chat:${writer.id}`,
    });

    // The service worker shows it; a newer push of the same conversation replaces it.
    await deliverPush(context, blank, origin, plaintext);
    const app = await context.newPage();
    await app.goto('/listings');
    await expect
      .poll(() => shownNotifications(app))
      .toEqual([
        {
          title: writer.first_name,
          body: 'I can bring them on Saturday.',
          tag: `chat:${writer.id}`,
          data: { url: `/messages/${writer.id}` },
        },
      ]);
    const newer = { ...JSON.parse(plaintext), body: 'Or Sunday morning?' };
    await deliverPush(context, blank, origin, JSON.stringify(newer));
    await expect.poll(async () => (await shownNotifications(app)).map((n) => n.body)).toEqual(['Or Sunday morning?']);
    // Anything but one of ours shows nothing.
    await deliverPush(
      context,
      blank,
      origin,
      JSON.stringify({ title: 'Win a prize', url: 'https://elsewhere.example' }),
    );
    await app.waitForTimeout(500);
    expect(await shownNotifications(app)).toHaveLength(1);

    // Tapped: the open Gardenswap window comes forward on the conversation. (A notification's tap
    // is the one thing the DevTools protocol cannot make, so the worker gets the tap's event as the
    // platform fires it, for the notification it shows.)
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect(app).toHaveURL(new RegExp(`/messages/${writer.id}$`));
    await expect(app.getByRole('heading', { name: `Chat with ${writer.username}` })).toBeVisible();
    await expect(app.getByText('Or Sunday morning?')).toHaveCount(0);
    await expect(app.getByText('I can bring them on Saturday.')).toBeVisible();
    await expect.poll(() => shownNotifications(app)).toEqual([]);

    // Logging out stops this device: the browser drops its subscription, and the server (which
    // removed it with the session) pushes nothing more.
    await app.goto('/profile');
    await app.getByRole('button', { name: 'Logout' }).click();
    await expect(app).toHaveURL(/\/login$/);
    expect(await app.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
    await app.close();
    await postMessage(request, writer, reader, 'Still there?');
    await blank.waitForTimeout(2_000);
    expect(pushService.received).toHaveLength(1);
  } finally {
    await pushService.close();
  }
});

test('the card in a chat asks once, after the first message, and turns message pushes on', async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const pushService = await startPushService();
  try {
    const [asker, neighbour] = await Promise.all([createMember(request, 'asker'), createMember(request, 'nbr')]);
    const device = deviceKeys(`${pushService.origin}/push/${asker.username}`);
    const page = await signedInPage(browser, asker, PHONE, WITH_WORKER);
    await page.context().addInitScript(fakePushManager, device.subscription);
    await page.goto(`/messages/${neighbour.id}`);
    await serviceWorkerActive(page);
    const card = page.getByRole('region', { name: PUSH_TEXTS.askTitle });
    await expect(page.getByRole('heading', { name: `Chat with ${neighbour.username}` })).toBeVisible();
    await expect(card).toBeHidden();

    await page.getByRole('textbox', { name: 'Message' }).fill('Hello! Do you still have the rhubarb?');
    await page.keyboard.press('Enter');
    await expect(card).toBeVisible();
    await expect(card).toContainText(PUSH_TEXTS.askMessages);
    await snap(page, 'push-ask-card-phone');

    // The browser asks; the member says yes.
    await page.context().grantPermissions(['notifications'], { origin });
    await card.getByRole('button', { name: PUSH_TEXTS.turnOn }).click();
    await expect(card).toBeHidden();
    await expect
      .poll(async () => await (await request.get('/api/push/settings', { headers: bearer(asker) })).json())
      .toMatchObject({ switches: { messages: true }, devices: 1 });

    // Asked once: the permission is given now, so the next chat does not ask again.
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).fill('See you Saturday.');
    await page.keyboard.press('Enter');
    await expect(page.getByText('See you Saturday.')).toBeVisible();
    await expect(card).toBeHidden();
  } finally {
    await pushService.close();
  }
});
