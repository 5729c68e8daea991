import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import FilterPage from './filter-page';

const open = (route = '/filter-page') =>
  renderWithProviders(<FilterPage />, {
    route,
    path: '/filter-page',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/listings'],
  });

describe('Filter page', () => {
  it('offers the sort and show chips and price range with the spec defaults', () => {
    open();
    for (const name of ['newest', 'oldest', 'highest', 'lowest', 'nearest', 'exchange', 'sell', 'giveaway']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'newest' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'sell' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Min')).toHaveValue('0');
    expect(screen.getByLabelText('Max')).toHaveValue('100');
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('');
    expect(screen.queryByText(/not applied/)).not.toBeInTheDocument();
  });

  it('keeps digits only in the price inputs', async () => {
    open();
    const max = screen.getByLabelText('Max');
    await userEvent.clear(max);
    await userEvent.type(max, '4x2.-');
    expect(max).toHaveValue('42');
  });

  it('opens the marketplace with the choices in the address', async () => {
    const { router } = open('/filter-page?tab=public&category=seeds');
    await userEvent.click(screen.getByRole('button', { name: 'lowest' }));
    await userEvent.click(screen.getByRole('button', { name: 'exchange' }));
    await userEvent.clear(screen.getByLabelText('Max'));
    await userEvent.type(screen.getByLabelText('Max'), '20');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 1 mile');
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(router.state.location.pathname).toBe('/listings');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'public',
      category: 'seeds',
      sort: 'lowest',
      types: 'sell,giveaway',
      max: '20',
      within: '1',
    });
  });

  it("offers a seed lot's filters only while filtering seeds", () => {
    open('/filter-page?category=produce');
    expect(screen.queryByRole('group', { name: SEED_TEXTS.pollination })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: SEED_TEXTS.filterPacked })).not.toBeInTheDocument();
  });

  it("opens the marketplace with a seed lot's choices in the address, and shows them again from it", async () => {
    const { router, unmount } = open('/filter-page?tab=public&category=seeds');
    const pollination = screen.getByRole('group', { name: SEED_TEXTS.pollination });
    expect(
      within(pollination)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open-pollinated', 'Heirloom', 'Hybrid', "Don't know"]);
    await userEvent.click(within(pollination).getByRole('button', { name: 'Open-pollinated' }));
    await userEvent.click(within(pollination).getByRole('button', { name: 'Heirloom' }));
    await userEvent.click(screen.getByRole('button', { name: SEED_TEXTS.filterOrganic }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: SEED_TEXTS.filterPacked }),
      SEED_TEXTS.filterPackedWithin(1),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    const search = router.state.location.search;
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      tab: 'public',
      category: 'seeds',
      pollination: 'open_pollinated,heirloom',
      organic: '1',
      packed: '1',
    });
    unmount();
    open(`/filter-page${search}`);
    expect(screen.getByRole('button', { name: 'Heirloom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Hybrid' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: SEED_TEXTS.filterOrganic })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: SEED_TEXTS.filterCanMail })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('combobox', { name: SEED_TEXTS.filterPacked })).toHaveValue('1');
  });
});
