import { expect, test } from '@playwright/test';
import { createMember, postMessage, signedInPage, socketJoined } from '../support';

test('friends see friends-only listings, and chat live both ways', async ({ browser, request }) => {
  const [alice, bob] = await Promise.all([createMember(request, 'alice'), createMember(request, 'bob')]);
  const pageA = await signedInPage(browser, alice);
  const pageB = await signedInPage(browser, bob);
  const title = `Rhubarb crowns ${alice.username.slice(-5)}`;

  // A posts a friends-only listing: "publish the post to public" unchecked.
  await pageA.goto('/listings/new');
  await pageA.getByLabel('Item name').fill(title);
  await pageA.getByLabel('Type').selectOption({ label: 'Exchange' });
  await expect(pageA.getByLabel('Price ($)')).toBeHidden();
  await pageA.getByRole('checkbox', { name: 'publish the post to public' }).uncheck();
  await pageA.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(pageA.getByRole('heading', { name: title })).toBeVisible();
  await expect(pageA.getByText('Friends only')).toBeVisible();

  // B, not yet a friend, sees A's profile without the listing, and asks to be friends.
  await pageB.goto(`/seller/${alice.id}`);
  await expect(pageB.getByRole('heading', { name: `@${alice.username}` })).toBeVisible();
  await expect(pageB.getByText('No items')).toBeVisible();
  await pageB.getByRole('button', { name: 'Add friend' }).click();
  const invitation = pageB.getByRole('dialog', { name: 'Invitation' });
  await expect(invitation.getByText('Your connection request was sent!')).toBeVisible();
  await invitation.getByRole('button', { name: 'ok!' }).click();
  await expect(invitation).toBeHidden();
  await expect(pageB.getByRole('button', { name: 'Cancel friend request' })).toBeVisible();

  // A accepts from the pending view of My friends.
  await pageA.goto('/myfriends');
  await pageA.getByRole('button', { name: /Show Pending/ }).click();
  await expect(pageA.getByRole('heading', { name: 'Requests to you' })).toBeVisible();
  await pageA.getByRole('button', { name: `Accept ${bob.username}` }).click();
  await expect(pageA.getByText('No pending requests.')).toBeVisible();
  await pageA.getByRole('button', { name: 'Show Friends' }).click();
  await expect(pageA.getByRole('list', { name: 'Friends' }).getByText(bob.username)).toBeVisible();

  // B's marketplace, Friend's tab: A's friends-only listing, with A's username on the card.
  await pageB.goto('/listings');
  await expect(pageB.getByRole('tab', { name: "Friend's" })).toHaveAttribute('aria-selected', 'true');
  const card = pageB.getByRole('article').filter({ has: pageB.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(alice.username);
  await expect(card).toContainText('Friends only');

  // Both open the chat; each live connection must be up before the other writes.
  const liveA = socketJoined(pageA);
  const liveB = socketJoined(pageB);
  await pageB.goto(`/messages/${alice.id}`);
  await pageA.goto(`/messages/${bob.id}`);
  await expect(pageB.getByRole('heading', { name: `Chat with ${alice.username}` })).toBeVisible();
  await expect(pageA.getByRole('heading', { name: `Chat with ${bob.username}` })).toBeVisible();
  await expect(pageA.getByText('No messages yet. Say hello!')).toBeVisible();
  await Promise.all([liveA, liveB]);

  const hello = 'Hi! Are the rhubarb crowns still free?';
  await pageB.getByRole('textbox', { name: 'Message' }).fill(hello);
  await pageB.getByRole('button', { name: 'Send' }).click();
  await expect(pageB.getByRole('log', { name: 'Messages' }).getByText(hello)).toBeVisible();
  await expect(pageA.getByRole('log', { name: 'Messages' }).getByText(hello)).toBeVisible();

  const reply = 'They are! Come by on Saturday.';
  await pageA.getByRole('textbox', { name: 'Message' }).fill(reply);
  await pageA.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(pageA.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();
  await expect(pageB.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();
  await expect(pageB.getByText('Sending...')).toHaveCount(0);

  // B's thread list holds the conversation with A's last words.
  await pageB.getByRole('link', { name: 'Back to messages' }).click();
  const thread = pageB
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(alice.username) });
  await expect(thread).toBeVisible();
  await expect(thread).toContainText(reply);
  await expect(thread.getByLabel(/unread/)).toHaveCount(0);
});

test('a message that arrives while the chat is loading but before its live connection has joined still shows', async ({
  browser,
  request,
}) => {
  const [reader, writer] = await Promise.all([createMember(request, 'reader'), createMember(request, 'writer')]);
  const page = await signedInPage(browser, reader);
  // Hold the live connection (a slow network) until the conversation has loaded.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let joined!: () => void;
  const live = new Promise<void>((resolve) => (joined = resolve));
  await page.routeWebSocket('**/socket.io/**', async (ws) => {
    await held;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      ws.send(message);
      if (typeof message === 'string' && message.startsWith('40')) joined();
    });
  });

  await page.goto(`/messages/${writer.id}`);
  await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();
  await postMessage(request, writer, reader, 'Sent while your connection was still on its way');
  release();
  await live;
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Sent while your connection')).toBeVisible();
});
