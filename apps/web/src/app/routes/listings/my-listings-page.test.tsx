import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, calls, mockApi } from '../../../test/api-stubs';
import MyListingsPage from './my-listings-page';

const me = { id: 1, username: 'gardener' };
const mine = (overrides: Parameters<typeof buildListing>[0] = {}) =>
  buildListing({ owner_id: me.id, ...overrides, owner: { ...buildListing().owner, id: me.id, username: me.username } });
const open = (route = '/my-listings') =>
  renderWithProviders(<MyListingsPage />, { route, path: '/my-listings', auth: me, otherPaths: ['/listings/:id'] });

describe('My lists', () => {
  it('groups my haves by category, shows paused and friends-only, and adds a listing', async () => {
    mockApi({
      'GET /api/listings/?mine=true': json([
        mine({ title: 'Basil seeds', category_id: 2 }),
        mine({ title: 'Zucchini', category_id: 1, is_active: false }),
        mine({ title: 'Fig cutting', category_id: 3, is_public: false }),
        mine({ title: 'Mystery box', category_id: 9 }),
      ]),
    });
    open();
    const produce = await screen.findByRole('region', { name: 'produce' });
    expect(within(produce).getByText('Zucchini')).toBeInTheDocument();
    expect(within(produce).getByText('Paused')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'seeds' })).getByText('Basil seeds')).toBeInTheDocument();
    const plants = screen.getByRole('region', { name: 'plants' });
    expect(within(plants).getByText('Friends only')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'uncategorized' })).getByText('Mystery box')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a listing' })).toHaveAttribute('href', '/listings/new');
    expect(screen.getByRole('link', { name: /Zucchini/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/listings\/\d+$/),
    );
  });

  it('puts the public switch back and says so when the server refuses the change', async () => {
    const listing = mine({ title: 'Kale', is_public: true });
    let answer: (r: Response) => void = () => {};
    mockApi({
      'GET /api/listings/?mine=true': json([listing]),
      [`PATCH /api/listings/${listing.id}/visibility`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    open();
    const toggle = await screen.findByRole('switch', { name: 'Public: Kale' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    // Moves at once...
    expect(screen.getByRole('switch', { name: 'Public: Kale' })).toHaveAttribute('aria-checked', 'false');
    answer(json({ detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }, 500));
    // ...and goes back when the save fails.
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change who sees "Kale". Please try again.');
    expect(screen.getByRole('switch', { name: 'Public: Kale' })).toHaveAttribute('aria-checked', 'true');
  });

  it('sends the new visibility and keeps it when the server agrees', async () => {
    let listing = mine({ title: 'Kale', is_public: true });
    const api = mockApi({
      'GET /api/listings/?mine=true': () => json([listing]),
      [`PATCH /api/listings/${listing.id}/visibility`]: ({ body }) => {
        listing = { ...listing, ...(body as object) };
        return json(listing);
      },
    });
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Public: Kale' }));
    await waitFor(() => expect(calls(api)).toContain(`PATCH /api/listings/${listing.id}/visibility`));
    const patch = api.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ is_public: false });
    expect(screen.getByRole('switch', { name: 'Public: Kale' })).toHaveAttribute('aria-checked', 'false');
  });

  it('follows the Link header for the next page', async () => {
    const next = '/api/listings/?mine=true&cursor=bDEwMQ';
    const api = mockApi({
      'GET /api/listings/?mine=true': json([mine({ title: 'First page item' })], 200, {
        link: `<${next}>; rel="next"`,
      }),
      [`GET ${next}`]: json([mine({ title: 'Second page item' })]),
    });
    open();
    await screen.findByText('First page item');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page item')).toBeInTheDocument();
    expect(calls(api)).toContain(`GET ${next}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when my listings cannot be loaded', async () => {
    mockApi({ 'GET /api/listings/?mine=true': json({ detail: 'down', code: 'INTERNAL' }, 500) });
    open();
    expect(await screen.findByText('Failed to fetch listings. Please try again later.')).toBeInTheDocument();
  });

  it('shows the want list from ?tab=want, grouped, with its own add button', async () => {
    mockApi({
      'GET /api/listings/want-listings': json([
        { id: 1, title: 'Garlic', category_id: 1, user_id: 1, created_at: '' },
        { id: 2, title: 'Marigold seeds', category_id: 2, user_id: 1, created_at: '' },
      ]),
    });
    open('/my-listings?tab=want');
    expect(await screen.findByText('Garlic')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Want' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('region', { name: 'seeds' })).getByText('Marigold seeds')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit want list' })).toHaveAttribute('href', '/post-want');
  });

  it('says beside a produce want that it is being listed near the member now, and nothing beside the others', async () => {
    mockApi({
      'GET /api/listings/want-listings': json([
        { id: 1, title: 'Cherry tomatoes', category_id: 1, user_id: 1, created_at: '' },
        { id: 2, title: 'basil', category_id: 1, user_id: 1, created_at: '' },
        { id: 3, title: 'Parsnips', category_id: 1, user_id: 1, created_at: '' },
        { id: 4, title: 'Tomato seeds', category_id: 2, user_id: 1, created_at: '' },
      ]),
      'GET /api/listings/in-season?within_miles=25': json({
        within_miles: 25,
        located: true,
        crops: [
          { crop: 'Tomatoes', search: 'tomato', listings: 9 },
          { crop: 'Basil', search: 'basil', listings: 1 },
        ],
      }),
    });
    open('/my-listings?tab=want');
    const row = (title: string) => screen.getByText(title).closest('li')!;
    expect(await screen.findByText('Tomatoes are being listed near you now')).toBeInTheDocument();
    expect(within(row('Cherry tomatoes')).getByText('Tomatoes are being listed near you now')).toBeInTheDocument();
    expect(within(row('basil')).getByText('Basil is being listed near you now')).toBeInTheDocument();
    expect(within(row('Parsnips')).queryByText(/being listed near you/)).not.toBeInTheDocument();
    // Tomatoes listed as produce say nothing of tomato seeds.
    expect(within(row('Tomato seeds')).queryByText(/being listed near you/)).not.toBeInTheDocument();
  });

  it('switches tabs through the address', async () => {
    mockApi({ 'GET /api/listings/?mine=true': json([]), 'GET /api/listings/want-listings': json([]) });
    const { router } = open();
    await userEvent.click(screen.getByRole('tab', { name: 'Want' }));
    expect(router.state.location.search).toBe('?tab=want');
    expect(await screen.findByText('Your wish list is empty.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Have' }));
    expect(router.state.location.search).toBe('');
  });

  it('deletes a want item, and says so when that fails', async () => {
    const api = mockApi({
      'GET /api/listings/want-listings': json([
        { id: 1, title: 'Garlic', category_id: 1, user_id: 1, created_at: '' },
        { id: 2, title: 'Leeks', category_id: 1, user_id: 1, created_at: '' },
      ]),
      'DELETE /api/listings/want-listings/1': json(null, 204),
      'DELETE /api/listings/want-listings/2': json({ detail: 'down', code: 'INTERNAL' }, 500),
    });
    open('/my-listings?tab=want');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Garlic' }));
    await waitFor(() => expect(calls(api)).toContain('DELETE /api/listings/want-listings/1'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Leeks' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete "Leeks". Please try again.');
  });
});
