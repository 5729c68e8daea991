import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import FriendSearchPage from './friend-search-page';
import HaveWantSearchPage from './have-want-search-page';

const me = { id: 1, username: 'maria' };
const COMING_SOON = 'Search is coming soon. Meanwhile, browse the marketplace.';

describe('/have-want-search', () => {
  it('shows Have and Want tabs, a search box and the category chips, and no results', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<HaveWantSearchPage />, { path: '/have-want-search', auth: me });
    expect(screen.getByRole('tab', { name: 'Have' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Want' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'produce' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'seeds' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'plants' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(COMING_SOON);
    expect(screen.getByRole('link', { name: 'browse the marketplace' })).toHaveAttribute('href', '/listings');
    expect(screen.getByRole('link', { name: 'Go to my lists' })).toHaveAttribute('href', '/my-listings');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the tab, the category and the text in the address', async () => {
    const { router } = renderWithProviders(<HaveWantSearchPage />, { path: '/have-want-search', auth: me });
    await userEvent.click(screen.getByRole('tab', { name: 'Want' }));
    await userEvent.click(screen.getByRole('button', { name: 'seeds' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'basil');
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ tab: 'want', category: 'seeds', q: 'basil' });
    expect(screen.getByRole('link', { name: 'Go to my lists' })).toHaveAttribute('href', '/my-listings?tab=want');
    expect(screen.getByRole('status')).toHaveTextContent(COMING_SOON);
  });

  it('opens with the controls set from the address', () => {
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
  it("shows Friend's and Public tabs, a search box and the category chips, and no results", () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<FriendSearchPage />, { path: '/friend-search', auth: me });
    expect(screen.getByRole('tab', { name: "Friend's" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Public' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    for (const chip of ['produce', 'seeds', 'plants'])
      expect(screen.getByRole('button', { name: chip })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(COMING_SOON);
    expect(screen.getByRole('link', { name: 'browse the marketplace' })).toHaveAttribute('href', '/listings');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the Public tab in the address and goes back to the default without it', async () => {
    const { router } = renderWithProviders(<FriendSearchPage />, { path: '/friend-search', auth: me });
    await userEvent.click(screen.getByRole('tab', { name: 'Public' }));
    expect(router.state.location.search).toBe('?tab=public');
    await userEvent.click(screen.getByRole('tab', { name: "Friend's" }));
    expect(router.state.location.search).toBe('');
  });
});
