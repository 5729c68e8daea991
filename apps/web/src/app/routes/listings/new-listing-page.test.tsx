import 'fake-indexeddb/auto';
import { LISTING_PHOTOS_MAX } from '@gardenswap/shared/listing-photos';
import { PWA_TEXTS } from '@gardenswap/shared/pwa-texts';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { buildListing, mockUpload } from '../../../test/api-stubs';
import { keepSharedPhotos, takeSharedPhotos } from '../../../sw/shared-photos';
import NewListingPage from './new-listing-page';

const open = () =>
  renderWithProviders(<NewListingPage />, {
    route: '/listings/new',
    path: '/listings/new',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/listings/:id', '/post-want'],
  });

afterEach(() => vi.unstubAllGlobals());

describe('Post a Have listing', () => {
  it('shows the form the spec describes', () => {
    open();
    expect(screen.getByRole('link', { name: 'Want' })).toHaveAttribute('href', '/post-want');
    expect(screen.getByRole('button', { name: 'produce' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Item name')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Sell');
    const price = screen.getByLabelText('Price ($)');
    expect(price).toHaveAttribute('min', '1');
    expect(price).toHaveAttribute('step', '1');
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'publish the post to public' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
  });

  it('explains what is wrong before sending anything', async () => {
    const sent = mockUpload(() => ({ status: 201, body: buildListing() }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'ab');
    await userEvent.click(screen.getByLabelText('Description'));
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Price must be greater than 0 for sell listings')).toBeInTheDocument();
    expect(screen.getByText('Description must be at most 1000 characters long')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('asks for a title when there is none', async () => {
    mockUpload(() => ({ status: 201, body: buildListing() }));
    open();
    await userEvent.type(screen.getByLabelText('Price ($)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
  });

  it('reads a price that is not a number as 0', async () => {
    mockUpload(() => ({ status: 201, body: buildListing() }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), 'e');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Price must be greater than 0 for sell listings')).toBeInTheDocument();
  });

  it('hides the price for a giveaway, posts the listing, then uploads each photo with its own progress', async () => {
    let photos: { id: number; image: string; thumbnail: string }[] = [];
    const sent = mockUpload((request) => {
      if (request.url === '/api/listings/') return { status: 201, body: buildListing({ id: 77, photos }) };
      const id = 500 + photos.length;
      photos = [...photos, { id, image: `uploads/${id}.webp`, thumbnail: `uploads/${id}t.webp` }];
      return { status: 201, body: buildListing({ id: 77, photos }) };
    }, 200);
    const { router } = open();
    await userEvent.upload(screen.getByLabelText('Photos'), [
      new File(['png'], 'seeds.png', { type: 'image/png' }),
      new File(['png'], 'packet.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByAltText('Photo 1 of 2, cover')).toBeInTheDocument();
    expect(screen.getByAltText('Photo 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await userEvent.type(screen.getByLabelText('Item name'), '  Sunflower seeds ');
    await userEvent.type(screen.getByLabelText('Price ($)'), '5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Giveaway');
    expect(screen.queryByLabelText('Price ($)')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Description'), 'A whole packet.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'publish the post to public' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading photo 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/listings/77');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/listings/',
      'POST /api/listings/77/photos',
      'POST /api/listings/77/photos',
    ]);
    expect(sent[0]!.form.get('image')).toBeNull();
    expect((sent[1]!.form.get('image') as File).name).toBe('seeds.png');
    expect((sent[2]!.form.get('image') as File).name).toBe('packet.png');
    expect(Object.fromEntries(sent[0]!.form.entries())).toEqual({
      title: 'Sunflower seeds',
      description: 'A whole packet.',
      price: '0',
      type_id: '3',
      category_id: '2',
      is_public: 'false',
      is_active: 'true',
      // Seeds: the two checkboxes of a seed lot, left unticked.
      organic: 'false',
      can_mail: 'false',
    });
  });

  it("asks a seed lot's details only once seeds is chosen, checks them, and posts them", async () => {
    const sent = mockUpload(() => ({ status: 201, body: buildListing({ id: 79, category_id: 2, photos: [] }) }));
    open();
    expect(screen.queryByRole('group', { name: SEED_TEXTS.sectionTitle })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    const seeds = screen.getByRole('group', { name: SEED_TEXTS.sectionTitle });
    expect(within(seeds).getByRole('combobox', { name: SEED_TEXTS.pollination })).toHaveDisplayValue(
      SEED_TEXTS.pollinationNotSaid,
    );
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomato seeds');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Exchange');
    await userEvent.type(within(seeds).getByLabelText(SEED_TEXTS.variety), 'Brandywine');
    await userEvent.type(within(seeds).getByLabelText(SEED_TEXTS.packedYear), '1949');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(SEED_TEXTS.packedYearTooEarly)).toBeInTheDocument();
    await userEvent.clear(within(seeds).getByLabelText(SEED_TEXTS.packedYear));
    await userEvent.type(within(seeds).getByLabelText(SEED_TEXTS.packedYear), String(new Date().getFullYear() + 2));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(SEED_TEXTS.packedYearInFuture)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.clear(within(seeds).getByLabelText(SEED_TEXTS.packedYear));
    await userEvent.type(within(seeds).getByLabelText(SEED_TEXTS.packedYear), '2017');
    await userEvent.selectOptions(within(seeds).getByRole('combobox', { name: SEED_TEXTS.pollination }), 'Heirloom');
    await userEvent.type(within(seeds).getByLabelText(SEED_TEXTS.quantity), 'about 50 seeds');
    await userEvent.click(within(seeds).getByRole('checkbox', { name: SEED_TEXTS.organic }));
    await userEvent.click(within(seeds).getByRole('checkbox', { name: SEED_TEXTS.canMail }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    expect(Object.fromEntries(sent[0]!.form.entries())).toEqual({
      title: 'Tomato seeds',
      description: '',
      price: '0',
      type_id: '2',
      category_id: '2',
      is_public: 'true',
      is_active: 'true',
      variety: 'Brandywine',
      packed_year: '2017',
      pollination: 'heirloom',
      organic: 'true',
      quantity: 'about 50 seeds',
      can_mail: 'true',
    });
  });

  it("sends none of a seed lot's details once another category is chosen again", async () => {
    const sent = mockUpload(() => ({ status: 201, body: buildListing({ id: 80, photos: [] }) }));
    open();
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await userEvent.type(screen.getByLabelText(SEED_TEXTS.packedYear), '1800');
    await userEvent.type(screen.getByLabelText(SEED_TEXTS.variety), 'Brandywine');
    await userEvent.click(screen.getByRole('button', { name: 'produce' }));
    expect(screen.queryByLabelText(SEED_TEXTS.variety)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    expect([...sent[0]!.form.keys()]).toEqual([
      'title',
      'description',
      'price',
      'type_id',
      'category_id',
      'is_public',
      'is_active',
    ]);
  });

  it('keeps a failed photo with its error and retries only it, never posting the listing twice', async () => {
    let fail = true;
    const sent = mockUpload((request) => {
      if (request.url === '/api/listings/') return { status: 201, body: buildListing({ id: 78, photos: [] }) };
      if (fail) return { status: 415, body: { detail: 'Unsupported image', code: 'UNSUPPORTED_MEDIA_TYPE' } };
      return {
        status: 201,
        body: buildListing({ id: 78, photos: [{ id: 9, image: 'uploads/9.webp', thumbnail: 'uploads/9t.webp' }] }),
      };
    });
    const { router } = open();
    await userEvent.upload(screen.getByLabelText('Photos'), new File(['png'], 'odd.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText('Item name'), 'Sunflower seeds');
    await userEvent.type(screen.getByLabelText('Price ($)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Unsupported image')).toBeInTheDocument();
    expect(screen.getByText(/Your listing is posted, but some photos could not be uploaded/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry failed uploads' }));
    expect(await screen.findByText('Navigated to /listings/:id')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/listings/78');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/listings/',
      'POST /api/listings/78/photos',
      'POST /api/listings/78/photos',
    ]);
  });

  it("shows the server's field errors next to the fields", async () => {
    mockUpload(() => ({
      status: 422,
      body: {
        detail: 'Some fields are not valid',
        code: 'VALIDATION',
        errors: [{ field: 'title', message: 'Title must be at most 100 characters long' }],
      },
    }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title must be at most 100 characters long')).toBeInTheDocument();
    expect(screen.getByText('Failed to create listing. Please try again later.')).toBeInTheDocument();
  });

  it('says when the listing could not be created', async () => {
    mockUpload(() => ({ status: 500, body: { detail: 'boom', code: 'INTERNAL' } }));
    open();
    await userEvent.type(screen.getByLabelText('Item name'), 'Tomatoes');
    await userEvent.type(screen.getByLabelText('Price ($)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to create listing. Please try again later.')).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });
});

describe('photos shared into the installed app', () => {
  const openShared = () =>
    renderWithProviders(<NewListingPage />, {
      route: '/listings/new?shared=1',
      path: '/listings/new',
      auth: { id: 1, username: 'gardener' },
      otherPaths: ['/listings/:id', '/post-want'],
    });
  const png = (name: string) => new File(['png'], name, { type: 'image/png' });

  it('opens with them attached in the order shared, and takes them off the device', async () => {
    await keepSharedPhotos([png('beans.png'), png('peas.png')]);
    const { router } = openShared();
    expect(await screen.findByAltText('Photo 1 of 2, cover')).toBeInTheDocument();
    expect(screen.getByAltText('Photo 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText(PWA_TEXTS.sharedPhotosMissing)).not.toBeInTheDocument();
    // Taken once: a reload opens an empty form.
    expect(await takeSharedPhotos()).toBeUndefined();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('takes no more photos than a listing holds, and says so', async () => {
    await keepSharedPhotos(Array.from({ length: LISTING_PHOTOS_MAX + 2 }, (_, i) => png(`photo-${i}.png`)));
    openShared();
    expect(await screen.findByAltText(`Photo ${LISTING_PHOTOS_MAX} of ${LISTING_PHOTOS_MAX}`)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`\\(at most ${LISTING_PHOTOS_MAX}\\)`))).toBeInTheDocument();
  });

  it('says the photos did not arrive when none are waiting', async () => {
    openShared();
    expect(await screen.findByText(PWA_TEXTS.sharedPhotosMissing)).toBeInTheDocument();
    expect(screen.getByLabelText('Photos')).toBeEnabled();
  });
});
