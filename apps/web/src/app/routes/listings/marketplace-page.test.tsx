import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildEvent, buildListing, calls as allCalls, mockApi } from '../../../test/api-stubs';
import { listingKeys } from '../../../lib/query-keys';
import { readMarketplace } from '../../../features/listings/utils/marketplace-filter';
import MarketplacePage from './marketplace-page';

const open = (route = '/listings') =>
  renderWithProviders(<MarketplacePage />, { route, path: '/listings', auth: { id: 1, username: 'gardener' } });

/** The listing calls made ("Swaps for you", "In season near you" and the seed swaps ask for their own, tested with them). */
const calls = (api: ReturnType<typeof mockApi>) =>
  allCalls(api).filter(
    (call) =>
      !call.startsWith('GET /api/swaps') &&
      !call.startsWith('GET /api/listings/in-season') &&
      !call.startsWith('GET /api/events'),
  );

const FRIENDS_PRODUCE = 'GET /api/listings/?friends=true&category_id=1';
const PUBLIC_PRODUCE = 'GET /api/listings/?public=true&category_id=1';

describe('Marketplace', () => {
  it("opens on friends' produce and shows the seller's username, city and distance, never an id", async () => {
    const api = mockApi({
      [FRIENDS_PRODUCE]: json([
        buildListing({ title: 'Cherry tomatoes', owner_id: 42, type_id: 1, price: 5, distance_miles: 2.3 }),
        buildListing({ title: 'Leeks', distance_miles: null }),
      ]),
    });
    open();
    const card = (await screen.findByText('Cherry tomatoes')).closest('article')!;
    expect(within(card).getByText('maria_g')).toBeInTheDocument();
    // The owner's id as a number of its own (the listing's age, "942 days ago", may hold the digits).
    expect(within(card).queryByText(/\b42\b/)).not.toBeInTheDocument();
    expect(within(card).getByText('$5')).toBeInTheDocument();
    expect(within(card).getByText('Salt Lake City')).toBeInTheDocument();
    expect(within(card).getByText('2.3 mi')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/listings\/\d+$/));
    const leeks = screen.getByText('Leeks').closest('article')!;
    expect(within(leeks).queryByText(/ mi$/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: "Friend's" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'produce' })).toHaveAttribute('aria-pressed', 'true');
    // The category is asked of the server, not filtered here.
    expect(calls(api)).toEqual([FRIENDS_PRODUCE]);
  });

  it("loads the first row's photos at once and at high priority, the rest only as they near the screen", async () => {
    mockApi({
      [FRIENDS_PRODUCE]: json(
        Array.from({ length: 6 }, (_, i) => buildListing({ title: `Crop ${i}`, thumbnail: `uploads/crop-${i}.webp` })),
      ),
    });
    open();
    await screen.findByText('Crop 5');
    const photo = (title: string) => screen.getByText(title).closest('article')!.querySelector('img')!;
    for (const title of ['Crop 0', 'Crop 3']) {
      expect(photo(title)).toHaveAttribute('loading', 'eager');
      expect(photo(title)).toHaveAttribute('fetchpriority', 'high');
    }
    for (const title of ['Crop 4', 'Crop 5']) {
      expect(photo(title)).toHaveAttribute('loading', 'lazy');
      expect(photo(title)).not.toHaveAttribute('fetchpriority', 'high');
    }
  });

  it('reads its list under the key the router prefetches for the address', async () => {
    mockApi({
      'GET /api/listings/?public=true&category_id=2&sort=oldest': json([buildListing({ title: 'Old seeds' })]),
    });
    const route = '/listings?tab=public&category=seeds&sort=oldest';
    const { queryClient } = open(route);
    expect(await screen.findByText('Old seeds')).toBeInTheDocument();
    const { list } = readMarketplace(new URLSearchParams(route.split('?')[1]));
    expect(queryClient.getQueryData(listingKeys.list(list!))).toBeDefined();
  });

  it('shows exchange, giveaway and a Reserved badge', async () => {
    mockApi({
      [PUBLIC_PRODUCE]: json([
        buildListing({ title: 'Swap squash', type_id: 2, price: 0, state_id: 2 }),
        buildListing({ title: 'Free mint', type_id: 3, price: 0 }),
      ]),
    });
    open('/listings?tab=public');
    expect(await screen.findByText('exchange')).toBeInTheDocument();
    expect(screen.getByText('giveaway')).toBeInTheDocument();
    const squash = screen.getByText('Swap squash').closest('article')!;
    expect(within(squash).getByText('Reserved')).toBeInTheDocument();
    const mint = screen.getByText('Free mint').closest('article')!;
    expect(within(mint).queryByText('Reserved')).not.toBeInTheDocument();
  });

  it('suggests public listings when friends have nothing, and switches there', async () => {
    const api = mockApi({
      [FRIENDS_PRODUCE]: json([]),
      [PUBLIC_PRODUCE]: json([buildListing({ title: 'Public peppers' })]),
    });
    const { router } = open();
    expect(await screen.findByText('No produce listings from your friends at the moment.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See public listings' }));
    expect(await screen.findByText('Public peppers')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=public');
    expect(calls(api)).toContain(PUBLIC_PRODUCE);
  });

  it('says the public tab has nothing in a category', async () => {
    mockApi({ 'GET /api/listings/?public=true&category_id=3': json([]) });
    open('/listings?tab=public&category=plants');
    expect(await screen.findByText('No plants listings available at the moment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'plants' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads more by following the Link header', async () => {
    const next = '/api/listings/?public=true&category_id=1&cursor=bDUw';
    const api = mockApi({
      [PUBLIC_PRODUCE]: json([buildListing({ title: 'Page one produce' })], 200, {
        link: `<${next}>; rel="next"`,
      }),
      [`GET ${next}`]: json([buildListing({ title: 'Produce on page two' })]),
    });
    open('/listings?tab=public');
    await screen.findByText('Page one produce');
    await userEvent.click(screen.getByRole('button', { name: /load more/i }));
    expect(await screen.findByText('Produce on page two')).toBeInTheDocument();
    expect(calls(api)).toEqual([PUBLIC_PRODUCE, `GET ${next}`]);
  });

  it('changes category through the address and asks the server for it', async () => {
    mockApi({
      [FRIENDS_PRODUCE]: json([]),
      'GET /api/listings/?friends=true&category_id=3': json([buildListing({ title: 'Fig tree', category_id: 3 })]),
    });
    const { router } = open();
    await screen.findByText('No produce listings from your friends at the moment.');
    await userEvent.click(screen.getByRole('button', { name: 'plants' }));
    expect(await screen.findByText('Fig tree')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=plants');
  });

  it('says when listings cannot be loaded', async () => {
    mockApi({ [FRIENDS_PRODUCE]: json({ detail: 'down', code: 'INTERNAL' }, 500) });
    open();
    expect(await screen.findByText('Failed to fetch listings. Please try again later.')).toBeInTheDocument();
  });

  it("says why a distance filter cannot apply (the server's text)", async () => {
    const detail = 'Add a US ZIP code to your location to search by distance';
    mockApi({
      [`${FRIENDS_PRODUCE}&within_miles=5`]: json(
        { detail, code: 'VALIDATION_FAILED', errors: [{ field: 'within_miles', message: detail }] },
        422,
      ),
    });
    open('/listings?within=5');
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('applies the filters: the choices go to the address and to the server', async () => {
    const filtered =
      'GET /api/listings/?friends=true&type_id=2&type_id=1&category_id=1&min_price=5&within_miles=10&sort=highest';
    const api = mockApi({
      [FRIENDS_PRODUCE]: json([buildListing({ title: 'Carrots' })]),
      [filtered]: json([buildListing({ title: 'Pricey carrots', price: 9 })]),
    });
    const { router } = open();
    await screen.findByText('Carrots');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByLabelText('Min')).toHaveValue('0');
    expect(within(dialog).getByLabelText('Max')).toHaveValue('100');
    expect(within(dialog).getByRole('combobox', { name: 'Distance' })).toHaveValue('');
    expect(within(dialog).queryByText(/not applied/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'nearest' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'best match' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'highest' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'giveaway' }));
    await userEvent.type(within(dialog).getByLabelText('Min'), 'a5b');
    expect(within(dialog).getByLabelText('Min')).toHaveValue('5');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Distance' }), 'Within 10 miles');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'highest',
      types: 'exchange,sell',
      min: '5',
      within: '10',
    });
    expect(await screen.findByText('Pricey carrots')).toBeInTheDocument();
    expect(calls(api)).toEqual([FRIENDS_PRODUCE, filtered]);
  });

  it("offers a seed lot's filters while seeds are shown, and asks the server for seed lots that meet them", async () => {
    const seeds = 'GET /api/listings/?public=true&category_id=2';
    const filtered =
      'GET /api/listings/?public=true&category_id=2&packed_within_years=3&pollination=heirloom&organic=true&can_mail=true';
    const api = mockApi({
      [PUBLIC_PRODUCE]: json([buildListing({ title: 'Carrots' })]),
      [seeds]: json([buildListing({ title: 'Any seeds', category_id: 2 })]),
      [filtered]: json([
        buildListing({ title: 'Tomato seeds', category_id: 2, pollination: 'heirloom', organic: true, can_mail: true }),
      ]),
    });
    const { router } = open('/listings?tab=public');
    await screen.findByText('Carrots');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Heirloom' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await screen.findByText('Any seeds');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Heirloom' }));
    await userEvent.click(within(dialog).getByRole('button', { name: SEED_TEXTS.filterOrganic }));
    await userEvent.click(within(dialog).getByRole('button', { name: SEED_TEXTS.filterCanMail }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: SEED_TEXTS.filterPacked }),
      SEED_TEXTS.filterPackedWithin(3),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'public',
      category: 'seeds',
      pollination: 'heirloom',
      organic: '1',
      mail: '1',
      packed: '3',
    });
    const card = (await screen.findByText('Tomato seeds')).closest('article')!;
    expect(within(card).getByText('Heirloom · organic · can mail')).toBeInTheDocument();
    expect(calls(api)).toEqual([PUBLIC_PRODUCE, seeds, filtered]);
    // Back on produce the seed filters ask nothing: produce has no seed lots.
    await userEvent.click(screen.getByRole('button', { name: 'produce' }));
    expect(await screen.findByText('Carrots')).toBeInTheDocument();
    expect(calls(api).at(-1)).toBe(PUBLIC_PRODUCE);
  });

  it('opens with the filters of the address applied (a reload keeps them), max 100 only when changed', async () => {
    const api = mockApi({
      'GET /api/listings/?public=true&category_id=2&max_price=40&sort=lowest': json([
        buildListing({ title: 'Cheap seeds', category_id: 2, price: 2 }),
      ]),
    });
    open('/listings?tab=public&category=seeds&sort=lowest&max=40');
    expect(await screen.findByText('Cheap seeds')).toBeInTheDocument();
    expect(calls(api)).toHaveLength(1);
  });

  it('searches as I type, once typing pauses, and says when nothing matches', async () => {
    const api = mockApi({
      [FRIENDS_PRODUCE]: json([buildListing({ title: 'Carrots' })]),
      ['GET /api/listings/?friends=true&q=fig+jam&category_id=1']: json([]),
    });
    const { router } = open();
    await screen.findByText('Carrots');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'fig jam');
    expect(await screen.findByText('No results for “fig jam”')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('fig jam');
    // One request for the whole phrase, not one per key.
    expect(calls(api)).toEqual([FRIENDS_PRODUCE, 'GET /api/listings/?friends=true&q=fig+jam&category_id=1']);
  });

  it('offers best match while searching and clears the filters from an empty result', async () => {
    mockApi({
      ['GET /api/listings/?friends=true&q=kale&category_id=1']: json([buildListing({ title: 'Curly kale' })]),
      [`GET /api/listings/?friends=true&type_id=3&category_id=1`]: json([]),
      [FRIENDS_PRODUCE]: json([buildListing({ title: 'Carrots' })]),
    });
    const first = open('/listings?q=kale');
    expect(await screen.findByText('Curly kale')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('kale');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'best match' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();
    const { router } = open('/listings?types=giveaway');
    expect(await screen.findByText('No produce listings match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Carrots')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks for the seed swaps near me only once the listings have answered, and shows them below the cards', async () => {
    let answer!: (response: Response) => void;
    const api = mockApi({
      [FRIENDS_PRODUCE]: () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/events?limit=3': json({
        events: [buildEvent({ id: 9, title: 'Autumn seed swap' })],
        next_cursor: null,
        located: true,
      }),
    });
    open();
    await waitFor(() => expect(allCalls(api)).toContain(FRIENDS_PRODUCE));
    expect(allCalls(api)).not.toContain('GET /api/events?limit=3');
    answer(json([buildListing({ title: 'Leeks' })]));
    const strip = await screen.findByRole('region', { name: 'Seed swaps near you' });
    expect(within(strip).getByRole('link', { name: /Autumn seed swap/ })).toHaveAttribute('href', '/events/9');
    expect(within(strip).getByRole('link', { name: 'See all seed swaps' })).toHaveAttribute('href', '/events');
    // Below the cards, shown by then.
    const leeks = screen.getByText('Leeks');
    expect(leeks.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
