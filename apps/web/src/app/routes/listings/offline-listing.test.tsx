import 'fake-indexeddb/auto';
import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { mockApi, mockUpload } from '../../../test/api-stubs';
import { reportAnswer } from '../../../lib/offline/connectivity';
import { failEntry, forgetOutbox, readOutbox } from '../../../lib/offline/outbox';
import { type QueuedListing, queueListing } from '../../../features/listings/api/queued-listings';
import MyListingsPage from './my-listings-page';
import NewListingPage from './new-listing-page';

const me = { id: 1, username: 'gardener' };
const openForm = () =>
  renderWithProviders(<NewListingPage />, {
    route: '/listings/new',
    path: '/listings/new',
    auth: me,
    otherPaths: ['/my-listings', '/listings/:id'],
  });
const openMyListings = () =>
  renderWithProviders(<MyListingsPage />, { route: '/my-listings', path: '/my-listings', auth: me });

async function fillForm() {
  await userEvent.upload(screen.getByLabelText('Photos'), new File(['png'], 'chard.png', { type: 'image/png' }));
  await userEvent.type(screen.getByLabelText('Item name'), 'Rainbow chard');
  await userEvent.type(screen.getByLabelText('Price ($)'), '3');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('online'));
  reportAnswer();
  await forgetOutbox(null);
});

describe('posting a listing without a connection', () => {
  it('keeps the whole listing with its photo on the device and shows My listings', async () => {
    const sent = mockUpload(() => ({ status: 500, body: {} }));
    const { router } = openForm();
    await fillForm();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ kept: true });
    expect(sent).toHaveLength(0);
    const [entry] = await readOutbox(me.id);
    const kept = entry!.payload as QueuedListing;
    expect(kept.fields).toMatchObject({ title: 'Rainbow chard', price: 3 });
    expect(kept.key).toMatch(/^[0-9a-f]{32}$/);
    expect(kept.photos.map((p) => p.name)).toEqual(['chard.png']);
  });

  it('keeps it under the key of an attempt that got no answer, once the app is offline', async () => {
    const sent: string[] = [];
    const keys: string[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        onerror?: () => void;
        open(_method: string, url: string) {
          sent.push(url);
        }
        setRequestHeader(name: string, value: string) {
          if (name === 'idempotency-key') keys.push(value);
        }
        send() {
          setTimeout(() => this.onerror?.());
        }
      },
    );
    openForm();
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to create listing. Please try again later.')).toBeInTheDocument();

    // The connection is gone: Post again keeps it, under the key the lost attempt carried.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    expect(sent).toEqual(['/api/listings/']);
    const [entry] = await readOutbox(me.id);
    expect((entry!.payload as QueuedListing).key).toBe(keys[0]);
  });
});

describe('a seed lot written without a connection', () => {
  it('keeps its details on the device with the rest of it', async () => {
    const photo = new File([new Uint8Array([1, 2])], 'beans.webp', { type: 'image/webp' });
    const lot = {
      title: 'Runner bean seeds',
      description: '',
      price: 0,
      type_id: 3,
      category_id: 2,
      is_public: true,
      image: null,
      variety: 'Scarlet Emperor',
      packed_year: 2024,
      pollination: 'heirloom' as const,
      organic: true,
      quantity: 'about 40 seeds',
      can_mail: true,
    };
    await queueListing(me.id, lot, [photo], 'k3');
    const [entry] = await readOutbox(me.id);
    const { image: _image, ...fields } = lot;
    expect((entry!.payload as QueuedListing).fields).toEqual(fields);
  });
});

describe('My listings waiting to be posted', () => {
  it('shows each with its photo count and state, and Cancel takes it back', async () => {
    mockApi({ 'GET /api/listings/?mine=true': json([]) });
    const photo = new File([new Uint8Array([1, 2])], 'p.webp', { type: 'image/webp' });
    const base = { description: '', type_id: 1, category_id: 1, is_public: true, image: null };
    await queueListing(me.id, { ...base, title: 'Leek seedlings', price: 2 }, [photo, photo], 'k1');
    const refused = await queueListing(me.id, { ...base, title: 'Odd listing', price: 9 }, [], 'k2');
    await failEntry(me.id, refused.id, 'Price is too high');
    openMyListings();

    const section = await screen.findByRole('region', { name: OFFLINE_TEXTS.waitingListings });
    const leeks = within(section).getByText('Leek seedlings').closest('li') as HTMLElement;
    expect(leeks).toHaveTextContent('$2 · 2 photos');
    expect(leeks).toHaveTextContent(OFFLINE_TEXTS.waitingToPost);
    const odd = within(section).getByText('Odd listing').closest('li') as HTMLElement;
    expect(odd).toHaveTextContent(OFFLINE_TEXTS.notPosted('Price is too high'));
    expect(await screen.findByText('You have not listed anything yet.')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: OFFLINE_TEXTS.cancelListing('Leek seedlings') }));
    await waitFor(() => expect(screen.queryByText('Leek seedlings')).not.toBeInTheDocument());
    expect((await readOutbox(me.id)).map((e) => (e.payload as QueuedListing).fields.title)).toEqual(['Odd listing']);
  });
});
