import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, mockApi } from '../../../test/api-stubs';
import ListingDetailPage from './listing-detail-page';

const me = { id: 1, username: 'gardener' };
const open = (id: number) =>
  renderWithProviders(<ListingDetailPage />, {
    route: `/listings/${id}`,
    path: '/listings/:id',
    auth: me,
    otherPaths: ['/not-found', '/my-listings'],
  });

const owned = () => buildListing({ id: 5, title: 'Rhubarb crowns', owner_id: me.id });
const ownerTradeStatus = {
  listing_id: 5,
  state_id: 1,
  is_owner: true,
  interested: false,
  reserved_for_me: false,
  reserved_for: null,
  pickup_note: null,
  trade: null,
};

describe('Listing detail', () => {
  it('shows everything about a listing to a stranger, without edit or delete', async () => {
    mockApi({
      'GET /api/listings/9': json(
        buildListing({ id: 9, title: 'Pumpkins', owner_id: 7, category_id: 1, is_public: false, price: 12 }),
      ),
    });
    open(9);
    expect(await screen.findByRole('heading', { name: 'Pumpkins' })).toBeInTheDocument();
    expect(screen.getByText('$12')).toBeInTheDocument();
    expect(screen.getByText('produce')).toBeInTheDocument();
    expect(screen.getByText('Friends only')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'maria_g' })).toHaveAttribute('href', '/seller/7');
    expect(screen.getByText('Salt Lake City, UT, 84101')).toBeInTheDocument();
    expect(screen.getByText('Sweet and ripe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message maria_g' })).toHaveAttribute('href', '/messages/7');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('gives the owner edit and delete, and no message button', async () => {
    mockApi({ 'GET /api/listings/5': json({ ...owned(), is_active: false, description: '', state_id: 2 }) });
    open(5);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/listings/5/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Message/ })).not.toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByText('Reserved', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('2');
    expect(screen.getByText('No description provided')).toBeInTheDocument();
  });

  it('tells the owner a moderator hid their listing, and why', async () => {
    mockApi({ 'GET /api/listings/5': json({ ...owned(), hidden_reason: 'Misleading photo' }) });
    open(5);
    expect(await screen.findByText('Hidden by a moderator: Misleading photo')).toBeInTheDocument();
  });

  it('marks a listing that is gone', async () => {
    mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9, state_id: 3, type_id: 3 })) });
    open(9);
    expect(await screen.findByText('No longer available')).toBeInTheDocument();
    expect(screen.getByText('giveaway')).toBeInTheDocument();
  });

  it('asks before deleting and goes to my lists after', async () => {
    mockApi({ 'GET /api/listings/5': json(owned()), 'DELETE /api/listings/5': json(null, 204) });
    const { router } = open(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete listing' });
    expect(within(dialog).getByText('Are you sure you want to delete Rhubarb crowns?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-listings');
  });

  it.each([
    [403, { detail: 'Not yours to delete', code: 'FORBIDDEN' }, 'Not yours to delete'],
    [403, {}, 'You do not have permission to delete this listing'],
    [404, { detail: 'Listing not found', code: 'NOT_FOUND' }, 'Listing not found'],
    [500, { detail: 'boom', code: 'INTERNAL' }, 'Failed to delete the listing. Please try again later.'],
  ])('shows the delete failure text for %i', async (status, body, text) => {
    mockApi({
      'GET /api/listings/5': json(owned()),
      'DELETE /api/listings/5': json(body, status),
      'GET /api/listings/5/trade': json(ownerTradeStatus),
      'GET /api/listings/5/interests': json([]),
    });
    open(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(text);
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shares the listing link to copy where the device has no share sheet', async () => {
    mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9 })) });
    open(9);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share listing' });
    expect(within(dialog).getByLabelText('Listing link')).toHaveValue(`${window.location.origin}/listings/9`);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('where the device has a share sheet', () => {
    const withShare = (share: (data: ShareData) => Promise<void>) => {
      const calls: ShareData[] = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          calls.push(data);
          return share(data);
        },
      });
      return calls;
    };
    afterEach(() => {
      delete (navigator as { share?: unknown }).share;
    });

    it('shares the listing through it, with no modal of ours', async () => {
      const calls = withShare(async () => {});
      mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9, title: 'Runner beans' })) });
      open(9);
      await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
      expect(calls).toEqual([{ title: 'Runner beans', url: `${window.location.origin}/listings/9` }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('does nothing more when the member closes the sheet', async () => {
      const calls = withShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
      mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9 })) });
      open(9);
      await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
      expect(calls).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('offers the link to copy when the sheet fails', async () => {
      withShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
      mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9 })) });
      open(9);
      await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
      const dialog = await screen.findByRole('dialog', { name: 'Share listing' });
      expect(within(dialog).getByLabelText('Listing link')).toHaveValue(`${window.location.origin}/listings/9`);
    });
  });

  it('goes to /not-found for a missing listing', async () => {
    mockApi({ 'GET /api/listings/404': json({ detail: 'Listing not found', code: 'NOT_FOUND' }, 404) });
    const { router } = open(404);
    expect(await screen.findByText('Navigated to /not-found')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says when the listing cannot be loaded, after Loading...', async () => {
    mockApi({ 'GET /api/listings/9': json({ detail: 'boom', code: 'INTERNAL' }, 500) });
    open(9);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch listing details. Please try again later.')).toBeInTheDocument();
  });

  it('shows the distance to the seller and "Location not specified" without a place', async () => {
    mockApi({
      'GET /api/listings/9': json(buildListing({ id: 9, title: 'Figs', owner_id: 7, distance_miles: 2.3 })),
      'GET /api/listings/10': json(
        buildListing({
          id: 10,
          title: 'Kale',
          owner_id: 7,
          owner: { id: 7, username: 'maria_g', profile_picture: null, city: null, state: null, zip_code: null },
        }),
      ),
    });
    const first = open(9);
    expect(await screen.findByText('2.3 mi')).toBeInTheDocument();
    first.unmount();
    open(10);
    expect(await screen.findByText('Location not specified')).toBeInTheDocument();
    expect(screen.queryByText(/ mi$/)).not.toBeInTheDocument();
  });

  it('lets the owner set the status at once, offering Reserved only while the listing is reserved', async () => {
    const sent: unknown[] = [];
    let stored = owned();
    mockApi({
      'GET /api/listings/5': () => json(stored),
      'PATCH /api/listings/5': ({ body }) => {
        sent.push(body);
        return json((stored = { ...stored, ...(body as object) }));
      },
    });
    open(5);
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('1');
    // Reserving is for one member, through "Reserve for …": not a status to pick here.
    const labels = () =>
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(labels()).toEqual(['Available', 'Gone']);
    await userEvent.selectOptions(status, 'Gone');
    expect(await screen.findByText('No longer available')).toBeInTheDocument();
    expect(sent).toEqual([{ state_id: 3 }]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('3');
  });

  it('keeps Reserved on offer for a reserved listing, and makes it available again', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/listings/5': json({ ...owned(), state_id: 2 }),
      'PATCH /api/listings/5': ({ body }) => {
        sent.push(body);
        return json({ ...owned(), ...(body as object) });
      },
    });
    open(5);
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('2');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Available', 'Reserved', 'Gone']);
    await userEvent.selectOptions(status, 'Available');
    await expect.poll(() => sent).toEqual([{ state_id: 1 }]);
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('1');
    expect(screen.queryByText('Reserved', { selector: '.badge' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the status (a handed-over listing stays gone)", async () => {
    mockApi({
      'GET /api/listings/5': json({ ...owned(), state_id: 3 }),
      'PATCH /api/listings/5': json({ detail: 'This listing has already been handed over', code: 'CONFLICT' }, 409),
    });
    open(5);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Available');
    expect(await screen.findByText('This listing has already been handed over')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('3');
  });

  it('shows the stored status again when the change fails', async () => {
    mockApi({
      'GET /api/listings/5': json(owned()),
      'PATCH /api/listings/5': json({ detail: 'down', code: 'INTERNAL' }, 500),
    });
    open(5);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Gone');
    expect(await screen.findByText('Failed to update the status. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('1');
  });

  it('offers no status control to someone else', async () => {
    mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9, owner_id: 7, state_id: 2 })) });
    open(9);
    expect(await screen.findByText('Reserved', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });
});

describe('a seed lot on its page', () => {
  const year = new Date().getFullYear();
  const seedLot = (overrides: Parameters<typeof buildListing>[0] = {}) =>
    buildListing({
      id: 9,
      owner_id: 7,
      title: 'Tomato seeds',
      category_id: 2,
      variety: 'Brandywine',
      packed_year: year - 8,
      pollination: 'heirloom',
      organic: true,
      quantity: 'about 50 seeds',
      can_mail: true,
      ...overrides,
    });
  const details = async () =>
    within(await screen.findByRole('region', { name: SEED_TEXTS.detailTitle }))
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

  it('shows every detail its member gave, and a germination hint for seed packed long ago', async () => {
    mockApi({ 'GET /api/listings/9': json(seedLot()) });
    open(9);
    expect(await details()).toEqual([
      'Variety: Brandywine',
      `Year packed: ${year - 8}`,
      'Pollination: Heirloom',
      'Organic: Yes',
      'Quantity: about 50 seeds',
      'Getting them: Pickup or by mail',
    ]);
    expect(screen.getByRole('note')).toHaveTextContent(
      `Tomato seeds usually keep about 4 years; these were packed in ${year - 8} — a germination test first may help.`,
    );
  });

  it('says no hint for seed still young, and shows only the details given', async () => {
    mockApi({
      'GET /api/listings/9': json(
        seedLot({ packed_year: year - 2, variety: null, quantity: null, organic: false, can_mail: false }),
      ),
    });
    open(9);
    expect(await details()).toEqual([
      `Year packed: ${year - 2}`,
      'Pollination: Heirloom',
      'Organic: No',
      'Getting them: Pickup',
    ]);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows no seed lot for a seed listing from before seed lots', async () => {
    mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9, owner_id: 7, title: 'Pea seeds', category_id: 2 })) });
    open(9);
    expect(await screen.findByRole('heading', { name: 'Pea seeds' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: SEED_TEXTS.detailTitle })).not.toBeInTheDocument();
  });
});
