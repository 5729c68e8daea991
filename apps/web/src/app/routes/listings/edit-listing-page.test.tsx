import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, calls, mockApi, mockUpload } from '../../../test/api-stubs';
import { listingKeys } from '../../../lib/query-keys';
import EditListingPage from './edit-listing-page';

const me = { id: 1, username: 'gardener' };
const listing = buildListing({
  id: 5,
  title: 'Rhubarb crowns',
  owner_id: me.id,
  type_id: 1,
  price: 8,
  category_id: 3,
  is_public: false,
  is_active: true,
  featured_image: 'uploads/rhubarb.jpg',
  thumbnail: 'uploads/rhubarb-thumb.jpg',
  photos: [{ id: 11, image: 'uploads/rhubarb.jpg', thumbnail: 'uploads/rhubarb-thumb.jpg' }],
});
const open = () =>
  renderWithProviders(<EditListingPage />, {
    route: '/listings/5/edit',
    path: '/listings/:id/edit',
    auth: me,
    otherPaths: ['/listings/:id', '/not-found'],
  });

afterEach(() => vi.unstubAllGlobals());

const patchBody = (api: ReturnType<typeof mockApi>) =>
  JSON.parse(String(api.mock.calls.find(([, init]) => init?.method === 'PATCH')![1]!.body));

describe('Edit listing', () => {
  it('fills every field, visibility and active flag separately', async () => {
    mockApi({ 'GET /api/listings/5': json(listing) });
    open();
    expect(await screen.findByLabelText('Item name')).toHaveValue('Rhubarb crowns');
    expect(screen.getByLabelText('Description')).toHaveValue('Sweet and ripe.');
    expect(screen.getByLabelText('Price ($)')).toHaveValue(8);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Sell');
    expect(screen.getByRole('button', { name: 'plants' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveDisplayValue('Friends only');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(screen.getByAltText('Photo 1 of 1, cover')).toHaveAttribute('src', '/api/uploads/rhubarb-thumb.jpg');
  });

  it('starts from the listing as the server has it now, not a copy kept from before its photos', async () => {
    mockApi({ 'GET /api/listings/5': json(listing) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    queryClient.setQueryData(listingKeys.detail(5), { ...listing, title: 'Rhubarb', photos: [] });
    renderWithProviders(<EditListingPage />, {
      route: '/listings/5/edit',
      path: '/listings/:id/edit',
      auth: me,
      otherPaths: ['/listings/:id', '/not-found'],
      queryClient,
    });
    expect(await screen.findByLabelText('Item name')).toHaveValue('Rhubarb crowns');
    expect(screen.getByAltText('Photo 1 of 1, cover')).toHaveAttribute('src', '/api/uploads/rhubarb-thumb.jpg');
  });

  it.each([
    [1, ['Available', 'Gone']],
    [2, ['Available', 'Reserved', 'Gone']],
  ])('offers Reserved in the status only while the listing is reserved (state %i)', async (state_id, labels) => {
    mockApi({ 'GET /api/listings/5': json({ ...listing, state_id }) });
    open();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue(String(state_id));
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(labels);
  });

  it.each([
    ['', 'Title is required'],
    ['ab', 'Title must be at least 3 characters long'],
  ])('refuses the title %j', async (title, text) => {
    const api = mockApi({ 'GET /api/listings/5': json(listing) });
    open();
    const field = await screen.findByLabelText('Item name');
    await userEvent.clear(field);
    if (title) await userEvent.type(field, title);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls(api)).not.toContain('PATCH /api/listings/5');
  });

  it('needs a price for a sell listing', async () => {
    mockApi({ 'GET /api/listings/5': json(listing) });
    open();
    await userEvent.clear(await screen.findByLabelText('Price ($)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Price must be greater than 0 for sell listings')).toBeInTheDocument();
  });

  it('saves every field and returns to the listing; a non-sell type carries price 0', async () => {
    const api = mockApi({
      'GET /api/listings/5': json(listing),
      'PATCH /api/listings/5': ({ body }) => json({ ...listing, ...(body as object) }),
    });
    const { router } = open();
    const title = await screen.findByLabelText('Item name');
    await userEvent.clear(title);
    await userEvent.type(title, 'Rhubarb');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Exchange');
    expect(screen.queryByLabelText('Price ($)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'produce' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'Public');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Gone');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/listings/5');
    expect(patchBody(api)).toEqual({
      title: 'Rhubarb',
      description: 'Sweet and ripe.',
      price: 0,
      type_id: 2,
      category_id: 1,
      is_public: true,
      is_active: false,
      state_id: 3,
    });
  });

  it("fills a seed lot's details, saves every one of them, and sends none once it leaves seeds", async () => {
    const seedLot = {
      ...listing,
      title: 'Tomato seeds',
      category_id: 2,
      variety: 'Brandywine',
      packed_year: 2017,
      pollination: 'heirloom' as const,
      organic: true,
      quantity: 'about 50 seeds',
      can_mail: false,
    };
    const api = mockApi({
      'GET /api/listings/5': json(seedLot),
      'PATCH /api/listings/5': ({ body }) => json({ ...seedLot, ...(body as object) }),
    });
    open();
    expect(await screen.findByLabelText(SEED_TEXTS.variety)).toHaveValue('Brandywine');
    expect(screen.getByLabelText(SEED_TEXTS.packedYear)).toHaveValue(2017);
    expect(screen.getByRole('combobox', { name: SEED_TEXTS.pollination })).toHaveDisplayValue('Heirloom');
    expect(screen.getByLabelText(SEED_TEXTS.quantity)).toHaveValue('about 50 seeds');
    expect(screen.getByRole('checkbox', { name: SEED_TEXTS.organic })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: SEED_TEXTS.canMail })).not.toBeChecked();
    await userEvent.clear(screen.getByLabelText(SEED_TEXTS.quantity));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: SEED_TEXTS.pollination }), "Don't know");
    await userEvent.click(screen.getByRole('checkbox', { name: SEED_TEXTS.canMail }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Navigated to /listings/:id');
    expect(patchBody(api)).toMatchObject({
      category_id: 2,
      variety: 'Brandywine',
      packed_year: 2017,
      pollination: 'unknown',
      organic: true,
      quantity: null,
      can_mail: true,
    });
  });

  it("sends none of a seed lot's details once it is moved to another category", async () => {
    const api = mockApi({
      'GET /api/listings/5': json({ ...listing, category_id: 2, variety: 'Brandywine', packed_year: 2017 }),
      'PATCH /api/listings/5': json(listing),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'plants' }));
    expect(screen.queryByLabelText(SEED_TEXTS.variety)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Navigated to /listings/:id');
    expect(patchBody(api)).toMatchObject({ category_id: 3 });
    expect(Object.keys(patchBody(api))).not.toContain('variety');
  });

  it('removes a photo when asked', async () => {
    const api = mockApi({
      'GET /api/listings/5': json(listing),
      'PATCH /api/listings/5': json(listing),
      'DELETE /api/listings/5/photos/11': json({ ...listing, featured_image: null, photos: [] }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByAltText('Photo 1 of 1, cover')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Navigated to /listings/:id');
    expect(calls(api)).toContain('DELETE /api/listings/5/photos/11');
  });

  it('adds a photo, makes it the cover and sends the new order', async () => {
    const added = { id: 12, image: 'uploads/new.webp', thumbnail: 'uploads/new-t.webp' };
    const api = mockApi({
      'GET /api/listings/5': json(listing),
      'PATCH /api/listings/5': json(listing),
      'PUT /api/listings/5/photos/order': json({ ...listing, photos: [added, ...listing.photos!] }),
    });
    const sent = mockUpload(() => ({ status: 201, body: { ...listing, photos: [...listing.photos!, added] } }));
    open();
    await screen.findByLabelText('Item name');
    await userEvent.upload(screen.getByLabelText('Photos'), new File(['png'], 'new.png', { type: 'image/png' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make photo 2 the cover' }));
    expect(screen.getByAltText('Photo 1 of 2, cover')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Navigated to /listings/:id');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/listings/5/photos']);
    expect((sent[0]!.form.get('image') as File).name).toBe('new.png');
    const order = api.mock.calls.find(([url]) => String(url) === '/api/listings/5/photos/order')!;
    expect(JSON.parse(String(order[1]!.body))).toEqual({ photo_ids: [12, 11] });
  });

  it('says when the save failed and stays', async () => {
    mockApi({
      'GET /api/listings/5': json(listing),
      'PATCH /api/listings/5': json({ detail: 'boom', code: 'INTERNAL' }, 500),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update listing. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('does not offer the form to someone else', async () => {
    mockApi({ 'GET /api/listings/5': json({ ...listing, owner_id: 99 }) });
    open();
    expect(await screen.findByText('You do not have permission to edit this listing')).toBeInTheDocument();
    expect(screen.queryByLabelText('Item name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the listing' })).toHaveAttribute('href', '/listings/5');
  });

  it('shows Loading... and then goes to /not-found for a missing listing', async () => {
    mockApi({ 'GET /api/listings/5': json({ detail: 'Listing not found', code: 'NOT_FOUND' }, 404) });
    open();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Navigated to /not-found')).toBeInTheDocument());
  });
});
