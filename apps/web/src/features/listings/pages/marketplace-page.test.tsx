import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, calls, mockApi } from '../testing';
import MarketplacePage from './marketplace-page';

const open = (route = '/listings') =>
  renderWithProviders(<MarketplacePage />, { route, path: '/listings', auth: { id: 1, username: 'gardener' } });

describe('Marketplace', () => {
  it("opens on friends' produce and shows the seller's username, never an id", async () => {
    mockApi({
      'GET /api/listings/?friends=true': json([
        buildListing({ title: 'Cherry tomatoes', owner_id: 42, type_id: 1, price: 5 }),
        buildListing({ title: 'Runner bean seeds', category_id: 2 }),
      ]),
    });
    open();
    const card = (await screen.findByText('Cherry tomatoes')).closest('article')!;
    expect(within(card).getByText('maria_g')).toBeInTheDocument();
    expect(within(card).queryByText(/42/)).not.toBeInTheDocument();
    expect(within(card).getByText('$5')).toBeInTheDocument();
    expect(within(card).getByText('Salt Lake City')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/listings\/\d+$/));
    // Seeds are in another category.
    expect(screen.queryByText('Runner bean seeds')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: "Friend's" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'produce' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows exchange and giveaway instead of a price', async () => {
    mockApi({
      'GET /api/listings/?public=true': json([
        buildListing({ title: 'Swap squash', type_id: 2, price: 0 }),
        buildListing({ title: 'Free mint', type_id: 3, price: 0 }),
      ]),
    });
    open('/listings?tab=public');
    expect(await screen.findByText('exchange')).toBeInTheDocument();
    expect(screen.getByText('giveaway')).toBeInTheDocument();
  });

  it('suggests public listings when friends have nothing, and switches there', async () => {
    const api = mockApi({
      'GET /api/listings/?friends=true': json([]),
      'GET /api/listings/?public=true': json([buildListing({ title: 'Public peppers' })]),
    });
    const { router } = open();
    expect(await screen.findByText('No produce listings from your friends at the moment.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See public listings' }));
    expect(await screen.findByText('Public peppers')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=public');
    expect(calls(api)).toContain('GET /api/listings/?public=true');
  });

  it('says the public tab has nothing in a category', async () => {
    mockApi({ 'GET /api/listings/?public=true': json([buildListing({ category_id: 1 })]) });
    open('/listings?tab=public&category=plants');
    expect(await screen.findByText('No plants listings available at the moment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'plants' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps reading pages while the category has too few, following the Link header', async () => {
    const next = '/api/listings/?public=true&cursor=bDUw';
    const api = mockApi({
      'GET /api/listings/?public=true': json([buildListing({ title: 'Only seeds here', category_id: 2 })], 200, {
        link: `<${next}>; rel="next"`,
      }),
      [`GET ${next}`]: json([buildListing({ title: 'Produce on page two', category_id: 1 })]),
    });
    open('/listings?tab=public');
    expect(await screen.findByText('Produce on page two')).toBeInTheDocument();
    expect(calls(api)).toEqual(['GET /api/listings/?public=true', `GET ${next}`]);
    expect(screen.queryByText(/No produce listings/)).not.toBeInTheDocument();
  });

  it('changes category through the address', async () => {
    mockApi({
      'GET /api/listings/?friends=true': json([buildListing({ title: 'Fig tree', category_id: 3 })]),
    });
    const { router } = open();
    await screen.findByText('No produce listings from your friends at the moment.');
    await userEvent.click(screen.getByRole('button', { name: 'plants' }));
    expect(await screen.findByText('Fig tree')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=plants');
  });

  it('says when listings cannot be loaded', async () => {
    mockApi({ 'GET /api/listings/?friends=true': json({ detail: 'down', code: 'INTERNAL' }, 500) });
    open();
    expect(await screen.findByText('Failed to fetch listings. Please try again later.')).toBeInTheDocument();
  });

  it('keeps the filter choices in the address without pretending to apply them', async () => {
    const api = mockApi({ 'GET /api/listings/?friends=true': json([buildListing({ title: 'Carrots' })]) });
    const { router } = open();
    await screen.findByText('Carrots');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByLabelText('Min')).toHaveValue('0');
    expect(within(dialog).getByLabelText('Max')).toHaveValue('100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'highest' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'giveaway' }));
    await userEvent.type(within(dialog).getByLabelText('Min'), 'a5b');
    expect(within(dialog).getByLabelText('Min')).toHaveValue('5');
    expect(within(dialog).getByText(/not applied yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'highest',
      types: 'exchange,sell',
      min: '5',
    });
    await waitFor(() => expect(screen.getByText('Carrots')).toBeInTheDocument());
    expect(calls(api).every((c) => c === 'GET /api/listings/?friends=true')).toBe(true);
  });
});
