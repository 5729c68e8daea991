import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildListing } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import FriendSearchPage from './friend-search-page';
import HaveWantSearchPage from './have-want-search-page';

const me = { id: 1, username: 'maria' };

/** Answers by "METHOD /api/path?query"; anything else is a 500 the test would notice. */
function stubApi(answers: Record<string, () => Response>) {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const answer = answers[key];
    return answer ? answer() : json({ detail: `No stub for ${key}`, code: 'TEST' }, 500);
  });
  return { urls: () => spy.mock.calls.map(([input]) => String(input)) };
}

afterEach(() => vi.restoreAllMocks());

const wants = [
  { id: 1, title: 'Tomato seedlings', category_id: 3, user_id: 1, created_at: '2024-05-01T10:00:00.000Z' },
  { id: 2, title: 'Basil', category_id: 3, user_id: 1, created_at: '2024-05-01T10:00:00.000Z' },
  { id: 3, title: 'Cherry tomatoes', category_id: 1, user_id: 1, created_at: '2024-05-01T10:00:00.000Z' },
];

describe('/have-want-search', () => {
  it('searches my Have list on the server as I type, once typing pauses', async () => {
    const api = stubApi({
      'GET /api/listings/?mine=true&category_id=1': () => json([buildListing({ title: 'Leeks', owner_id: 1 })]),
      'GET /api/listings/want-listings': () => json(wants),
      'GET /api/listings/?mine=true&q=tom&category_id=1': () =>
        json([buildListing({ title: 'Cherry tomatoes', owner_id: 1, state_id: 3 })]),
      'GET /api/listings/?mine=true&q=tomx&category_id=1': () => json([]),
    });
    const { router } = renderWithProviders(<HaveWantSearchPage />, { path: '/have-want-search', auth: me });
    expect(screen.getByRole('tab', { name: 'Have' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Leeks')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'tom');
    const results = await screen.findByRole('list', { name: 'Results' });
    expect(await within(results).findByText('Cherry tomatoes')).toBeInTheDocument();
    // My gone listings stay findable, marked.
    expect(within(results).getByText('Gone')).toBeInTheDocument();
    expect(within(results).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/listings\/\d+$/));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('tom');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    expect(await screen.findByText('No results for “tomx”')).toBeInTheDocument();
    // My want list loads beside, for the Want tab; the Have list is asked once per pause in typing.
    expect(api.urls().filter((url) => url.startsWith('/api/listings/?'))).toEqual([
      '/api/listings/?mine=true&category_id=1',
      '/api/listings/?mine=true&q=tom&category_id=1',
      '/api/listings/?mine=true&q=tomx&category_id=1',
    ]);
  });

  it('searches my Want list by title within the category', async () => {
    stubApi({ 'GET /api/listings/want-listings': () => json(wants) });
    renderWithProviders(<HaveWantSearchPage />, {
      path: '/have-want-search',
      route: '/have-want-search?tab=want&category=plants',
      auth: me,
    });
    const results = await screen.findByRole('list', { name: 'Results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tomato seedlings', 'Basil']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'TOM');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByText('Tomato seedlings')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('No results for “TOMzz”')).toBeInTheDocument();
  });

  it('points to my lists when a category is empty, and says when the search failed', async () => {
    stubApi({ 'GET /api/listings/want-listings': () => json([]) });
    renderWithProviders(<HaveWantSearchPage />, {
      path: '/have-want-search',
      route: '/have-want-search?tab=want&category=seeds',
      auth: me,
    });
    expect(await screen.findByText(/Nothing in seeds yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my lists' })).toHaveAttribute('href', '/my-listings?tab=want');
    await userEvent.click(screen.getByRole('tab', { name: 'Have' }));
    expect(await screen.findByText('Failed to search. Please try again later.')).toBeInTheDocument();
  });

  it('opens with the controls set from the address', () => {
    stubApi({ 'GET /api/listings/want-listings': () => json(wants) });
    renderWithProviders(<HaveWantSearchPage />, {
      path: '/have-want-search',
      route: '/have-want-search?tab=want&category=plants&q=fig',
      auth: me,
    });
    expect(screen.getByRole('tab', { name: 'Want' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'plants' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('fig');
  });
});

describe('/friend-search', () => {
  it("searches friends' listings with q and the category, with distance", async () => {
    const api = stubApi({
      'GET /api/listings/?friends=true&category_id=1': () => json([]),
      'GET /api/listings/?friends=true&q=kale&category_id=1': () =>
        json([buildListing({ title: 'Curly kale', owner_id: 7, distance_miles: 4.2, state_id: 2 })]),
      'GET /api/listings/?friends=true&q=kale&category_id=2': () => json([]),
    });
    renderWithProviders(<FriendSearchPage />, { path: '/friend-search', auth: me });
    expect(await screen.findByText(/No produce listings from your friends at the moment/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'kale');
    const results = await screen.findByRole('list', { name: 'Results' });
    expect(within(results).getByText('Curly kale')).toBeInTheDocument();
    expect(within(results).getByText('4.2 mi')).toBeInTheDocument();
    expect(within(results).getByText('Reserved')).toBeInTheDocument();
    expect(within(results).getByText(/maria_g/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    expect(await screen.findByText('No results for “kale”')).toBeInTheDocument();
    expect(api.urls()).toEqual([
      '/api/listings/?friends=true&category_id=1',
      '/api/listings/?friends=true&q=kale&category_id=1',
      '/api/listings/?friends=true&q=kale&category_id=2',
    ]);
  });

  it('searches public listings on the Public tab and keeps it in the address', async () => {
    const api = stubApi({
      'GET /api/listings/?friends=true&category_id=1': () => json([]),
      'GET /api/listings/?public=true&category_id=1': () => json([buildListing({ title: 'Public figs' })]),
    });
    const { router } = renderWithProviders(<FriendSearchPage />, { path: '/friend-search', auth: me });
    await userEvent.click(screen.getByRole('tab', { name: 'Public' }));
    expect(await screen.findByText('Public figs')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=public');
    expect(api.urls()).toContain('/api/listings/?public=true&category_id=1');
    await userEvent.click(screen.getByRole('tab', { name: "Friend's" }));
    expect(router.state.location.search).toBe('');
  });
});
