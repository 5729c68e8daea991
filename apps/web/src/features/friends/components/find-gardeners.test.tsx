import type { Gardener } from '@gardenswap/shared/safety';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { mockApi } from '../testing/mock-api';
import { FindGardeners } from './find-gardeners';

const gardener = (id: number, username: string, distance: number | null, city: string | null = null): Gardener => ({
  id,
  username,
  profile_picture: null,
  city,
  state: city ? 'UT' : null,
  zip_code: null,
  friend_count: 0,
  distance_miles: distance,
});

const ME = { id: 1, username: 'maria' };

describe('find gardeners', () => {
  it('lists gardeners near me, nearest first, each linking to their profile with the distance', async () => {
    mockApi({ 'GET /api/auth/users/nearby': [gardener(7, 'rosa_seeds', 0.8), gardener(8, 'kai_plants', 2.3)] });
    renderWithProviders(<FindGardeners />, { auth: ME });
    const list = await screen.findByRole('list', { name: 'Gardeners near you' }, { timeout: 5000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/seller/7', '/seller/8']);
    expect(links[0]).toHaveTextContent('rosa_seeds0.8 mi away');
    expect(links[1]).toHaveTextContent('2.3 mi away');
  });

  it('says how to see neighbours when nobody is near', async () => {
    mockApi({ 'GET /api/auth/users/nearby': [] });
    renderWithProviders(<FindGardeners />, { auth: ME });
    expect(await screen.findByText('No gardeners near you yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your ZIP code' })).toHaveAttribute('href', '/profile');
  });

  it('shows an error with a retry when the nearby list fails', async () => {
    mockApi({ 'GET /api/auth/users/nearby': json({ detail: 'x', code: 'INTERNAL' }, 500) });
    renderWithProviders(<FindGardeners />, { auth: ME });
    expect(await screen.findByText('Failed to load gardeners near you', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('searches members by username as I type, with the distance or the place', async () => {
    const api = mockApi({
      'GET /api/auth/users/nearby': [],
      'GET /api/auth/users?q=tom': [gardener(9, 'tomas_grows', 1.5), gardener(10, 'tommy', null, 'Provo')],
      'GET /api/auth/users?q=zzz': [],
    });
    renderWithProviders(<FindGardeners />, { auth: ME });
    const box = screen.getByRole('searchbox', { name: 'Find gardeners by username' });
    await userEvent.type(box, 'tom');
    const found = await screen.findByRole('list', { name: 'Gardeners found' }, { timeout: 5000 });
    const links = within(found).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/seller/9', '/seller/10']);
    expect(links[0]).toHaveTextContent('1.5 mi away');
    expect(links[1]).toHaveTextContent('Provo, UT');
    // One search for the whole word, not one per keystroke.
    expect(api.callsTo('GET', '/api/auth/users').map((c) => c.path)).toEqual(['/api/auth/users?q=tom']);

    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No gardeners match “zzz”.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
