import { IN_SEASON_TEXTS } from '@gardenswap/shared/in-season-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, calls, mockApi } from '../../../test/api-stubs';
import MarketplacePage from './marketplace-page';

const open = (route = '/listings') =>
  renderWithProviders(<MarketplacePage />, { route, path: '/listings', auth: { id: 1, username: 'gardener' } });

const season = (crops: { crop: string; search: string; listings: number }[], within_miles = 25, located = true) =>
  json({ within_miles, located, crops });

const section = () => screen.getByRole('region', { name: IN_SEASON_TEXTS.heading });

describe('In season near you, on the marketplace', () => {
  it('shows the commonest produce near the member as chips that search for it within the same distance', async () => {
    const api = mockApi({
      'GET /api/listings/?public=true&category_id=2': json([]),
      'GET /api/listings/in-season?within_miles=25': season([
        { crop: 'Zucchini', search: 'zucchini', listings: 12 },
        { crop: 'Tomatoes', search: 'tomato', listings: 9 },
        { crop: 'Basil', search: 'basil', listings: 5 },
      ]),
      'GET /api/listings/?public=true&q=zucchini&category_id=1&within_miles=25': json([
        buildListing({ title: 'Zucchini, too many' }),
      ]),
    });
    open('/listings?tab=public&category=seeds');
    const zucchini = await within(section()).findByRole('link', { name: /^Zucchini: 12 listings near you/ });
    expect(zucchini).toHaveTextContent('Zucchini 12');
    expect(
      within(section())
        .getAllByRole('link')
        .map((chip) => chip.textContent),
    ).toEqual(['Zucchini 12', 'Tomatoes 9', 'Basil 5']);

    await userEvent.click(zucchini);
    // The produce's listings on the tab shown, searched, within the 25 miles the count is of.
    expect(await screen.findByText('Zucchini, too many')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('zucchini');
    expect(screen.getByRole('button', { name: 'produce' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls(api)).toContain('GET /api/listings/?public=true&q=zucchini&category_id=1&within_miles=25');
  });

  it('counts within the distance the marketplace is filtered to', async () => {
    const api = mockApi({
      'GET /api/listings/?friends=true&category_id=1&within_miles=10': json([]),
      'GET /api/listings/in-season?within_miles=10': season([{ crop: 'Kale', search: 'kale', listings: 2 }], 10),
    });
    open('/listings?within=10');
    expect(await within(section()).findByRole('link', { name: /^Kale: 2 listings/ })).toBeInTheDocument();
    expect(calls(api)).toContain('GET /api/listings/in-season?within_miles=10');
  });

  it('says when nothing was listed nearby, and asks a member without a ZIP code to add one', async () => {
    mockApi({
      'GET /api/listings/?friends=true&category_id=1': json([]),
      'GET /api/listings/in-season?within_miles=25': season([]),
    });
    const first = open();
    expect(await within(section()).findByText(IN_SEASON_TEXTS.none(25))).toBeInTheDocument();
    first.unmount();

    mockApi({
      'GET /api/listings/?friends=true&category_id=1': json([]),
      'GET /api/listings/in-season?within_miles=25': season([], 25, false),
    });
    open();
    const link = await within(section()).findByRole('link', { name: IN_SEASON_TEXTS.addPostcode });
    expect(link).toHaveAttribute('href', '/personal-info');
  });

  it('keeps the marketplace working when the counts cannot be had', async () => {
    mockApi({
      'GET /api/listings/?friends=true&category_id=1': json([buildListing({ title: 'Leeks' })]),
      'GET /api/listings/in-season?within_miles=25': json({ detail: 'down', code: 'INTERNAL' }, 500),
    });
    open();
    expect(await screen.findByText('Leeks')).toBeInTheDocument();
    await waitFor(() => expect(within(section()).getByText(IN_SEASON_TEXTS.loadFailed)).toBeInTheDocument(), {
      timeout: 10_000,
    });
  });
});
