import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  DESKTOP,
  type Member,
  PHONE,
  createMember,
  createUnconfirmedMember,
  makeFriends,
  pngPhoto,
  postListing,
  postMessage,
  postWant,
  seriousA11yViolations,
  setLocation,
  signedInPage,
  snap,
} from './support';

test.describe.configure({ mode: 'parallel' });
// axe is injected as a script tag, which the app's Content-Security-Policy (script-src 'self') would refuse.
test.use({ bypassCSP: true });

/**
 * A member with a place, a photo, listings, wants, a friend with listings, a pending request and a
 * conversation; a new member (address not confirmed, so the banner shows) when `newMember`.
 */
async function neighbourhood(request: Parameters<typeof createMember>[0], newMember: boolean) {
  const [me, friend, asker] = await Promise.all([
    // Names as long as a username may be (30 characters), so the screens show the worst case.
    (newMember ? createUnconfirmedMember : createMember)(request, 'maria_greenfingers'),
    createMember(request, 'jonas_tomatogrower'),
    createMember(request, 'priya_seedsaver_ut'),
  ]);
  await Promise.all([
    setLocation(
      request,
      me,
      { city: 'Salt Lake City', state: 'UT', postcode: '84101' },
      pngPhoto('me.png', [150, 90, 70], 160),
    ),
    setLocation(
      request,
      friend,
      { city: 'Provo', state: 'UT', postcode: '84601' },
      pngPhoto('j.png', [60, 90, 150], 160),
    ),
    setLocation(request, asker, { city: 'Ogden', state: 'UT', postcode: '84401' }),
  ]);
  await makeFriends(request, me, friend);
  const asked = await request.post('/api/auth/friends/request', {
    headers: { authorization: `Bearer ${asker.token}` },
    data: { friend_id: me.id },
  });
  expect(asked.status()).toBe(201);

  const tomatoes = await postListing(
    request,
    me,
    {
      title: 'Heirloom tomatoes',
      price: 4,
      description: 'A basket of ripe Brandywine and Cherokee Purple tomatoes, picked this morning. Bring a bag!',
    },
    pngPhoto('tomatoes.png', [190, 50, 40], 320),
  );
  await postListing(
    request,
    me,
    { title: 'Zucchini glut', type_id: 3, is_public: false },
    pngPhoto('z.png', [70, 140, 60], 320),
  );
  await postListing(request, me, { title: 'Bean seeds', type_id: 2, category_id: 2 });
  await postListing(
    request,
    me,
    { title: 'Strawberry runners', price: 1, category_id: 3 },
    pngPhoto('s.png', [200, 60, 90], 320),
  );
  const corn = await postListing(
    request,
    friend,
    { title: 'Sweet corn', price: 3 },
    pngPhoto('corn.png', [220, 190, 60], 320),
  );
  await postListing(
    request,
    friend,
    { title: 'Crab apples for jelly', type_id: 3, is_public: false },
    pngPhoto('a.png', [160, 40, 50], 320),
  );
  await postListing(request, friend, { title: 'Mint cuttings', type_id: 2 });
  for (const [title, category] of [
    ['Garlic bulbs', 1],
    ['Sour cherries', 1],
    ['Marigold seeds', 2],
  ] as const) {
    await postWant(request, me, title, category);
  }
  await postWant(request, friend, 'Rhubarb crowns', 3);
  await postMessage(request, friend, me, 'Hi Maria, are the tomatoes still available?');
  await postMessage(request, me, friend, 'Yes! Come by after 5 pm, the gate is open.');
  await postMessage(request, friend, me, 'Great, see you then. I can bring sweet corn.');
  return { me, friend, asker, tomatoes, corn };
}

/** Every picture on the page loaded (lazy ones too, for the full-page shot); the broken ones named. */
async function brokenImages(page: Page) {
  return page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))));
    return images.filter((image) => image.naturalWidth === 0).map((image) => image.src);
  });
}

/**
 * Boxes whose content is wider than they are and spills out (a long name that cannot wrap, a row
 * that cannot shrink): the innermost of each, so the report names the culprit.
 */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const spills = (el: Element) =>
      el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && getComputedStyle(el).overflowX === 'visible';
    const all = Array.from(document.querySelectorAll('body *')).filter(spills);
    return all
      .filter((el) => !all.some((other) => other !== el && el.contains(other)))
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${el.clientWidth}px holds ${el.scrollWidth}px: "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      );
  });
}

/** Waits for a screen's content, saves its picture and checks it for serious accessibility problems. */
async function screen(page: Page, name: string, ready: Locator) {
  await expect(ready.first()).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  expect.soft(await brokenImages(page), `broken images on ${name}`).toEqual([]);
  expect.soft(await overflowing(page), `content spilling out of its box on ${name}`).toEqual([]);
  await snap(page, name);
  expect.soft(await seriousA11yViolations(page), `accessibility of ${name}`).toEqual([]);
}

for (const [size, viewport, newMember] of [
  ['phone', PHONE, false],
  ['desktop', DESKTOP, false],
  ['phone-banner', PHONE, true],
  ['desktop-banner', DESKTOP, true],
] as const) {
  const who = newMember ? 'for a new member (confirm-email banner)' : 'for a confirmed member';
  test(`main screens at ${viewport.width}×${viewport.height} ${who}`, async ({ browser, request }) => {
    // Two dozen screens, each loaded, checked with axe and photographed: longer than one journey.
    test.setTimeout(300_000);
    const { me, friend, asker, tomatoes, corn } = await neighbourhood(request, newMember);
    const at = (name: string) => `${size}-${name}`;

    const guest = await (await browser.newContext({ viewport })).newPage();
    await guest.goto('/');
    await screen(guest, at('home'), guest.getByRole('heading', { name: 'Share the harvest with your neighbours' }));
    await guest.goto('/login');
    await screen(guest, at('login'), guest.getByRole('form', { name: 'Login' }));
    await guest.context().close();

    const page = await signedInPage(browser, me as Member, viewport);
    const visit = async (path: string, name: string, ready: (page: Page) => Locator, { inShell = true } = {}) => {
      await page.goto(path);
      // The banner comes with the profile, after the page: the picture waits for the screen a new member sees.
      if (newMember && inShell) await expect(page.getByRole('region', { name: 'Confirm your email' })).toBeVisible();
      await screen(page, at(name), ready(page));
    };

    // Onboarding sits outside the signed-in shell, so without the banner.
    await visit('/personal-info', 'personal-info', (p) => p.getByRole('heading', { name: `Hello ${me.username}` }), {
      inShell: false,
    });
    await visit('/invite-your-friends', 'invite', (p) => p.locator('.qr-code svg'), { inShell: false });
    await visit('/my-listings', 'my-listings-have', (p) =>
      p.getByRole('switch', { name: 'Public: Heirloom tomatoes' }),
    );
    await visit('/my-listings?tab=want', 'my-listings-want', (p) => p.getByText('Marigold seeds'));
    await visit('/listings', 'marketplace', (p) => p.getByRole('heading', { name: 'Sweet corn' }));
    await visit(`/listings/${tomatoes.id}`, 'listing-detail', (p) => p.getByRole('img', { name: 'Heirloom tomatoes' }));
    await visit(`/listings/${corn.id}`, 'listing-detail-friend', (p) => p.getByRole('img', { name: 'Sweet corn' }));
    await visit(`/listings/${tomatoes.id}/edit`, 'edit-listing', (p) => p.getByLabel('Item name'));
    await expect(page.getByLabel('Item name')).toHaveValue('Heirloom tomatoes');
    await visit('/listings/new', 'new-listing', (p) => p.getByRole('heading', { name: 'Post what you have' }));
    await visit('/post-want', 'post-want', (p) => p.getByRole('textbox', { name: 'produce item 1', exact: true }));
    await visit('/profile', 'profile', (p) => p.getByText(`@${me.username}`));
    await visit('/myfriends', 'friends', (p) => p.getByRole('list', { name: 'Friends' }).getByText(friend.username));
    await visit('/myfriends?view=pending', 'friends-pending', (p) =>
      p.getByRole('heading', { name: 'Requests to you' }),
    );
    await visit(`/seller/${friend.id}`, 'seller', (p) => p.getByText('Sweet corn'));
    await visit(`/seller/${asker.id}`, 'seller-asking', (p) => p.getByRole('button', { name: 'Accept' }));
    await visit(`/seller/${me.id}`, 'seller-own', (p) => p.getByText('This is how other members see your profile.'));
    await visit('/messages', 'messages', (p) => p.getByRole('list', { name: 'Conversations' }));
    await visit(`/messages/${friend.id}`, 'chat', (p) => p.getByText('I can bring sweet corn.'));
    await visit(`/messages/${asker.id}`, 'chat-empty', (p) => p.getByText('No messages yet. Say hello!'));
    await visit('/notifications', 'notifications', (p) => p.getByText(asker.username));
    await visit('/trades', 'trades', (p) => p.getByRole('heading', { name: 'Your trades' }));
    await visit('/have-want-search', 'have-want-search', (p) => p.getByText('Heirloom tomatoes'));
    await visit('/friend-search', 'friend-search', (p) => p.getByRole('heading', { name: 'Search' }));
    await visit('/filter-page', 'filter-page', (p) => p.getByRole('heading', { name: 'Filter' }));
  });
}
