import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { AlreadyAvailable } from './already-available';

const tomato = { id: 4, title: 'tomato', category_id: 1, user_id: 2, created_at: '2025-05-01T10:00:00.000Z' };
const listing = {
  id: 31,
  title: 'Cherry tomatoes',
  type_id: 3,
  price: 0,
  owner: { id: 1, username: 'rosa_grows' },
};

afterEach(() => vi.restoreAllMocks());

describe('matches shown right after saving a want', () => {
  it('lists what is already available with links, and continues on request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([listing]));
    const onDone = vi.fn();
    renderWithProviders(<AlreadyAvailable wants={[tomato]} onDone={onDone} />, { auth: { id: 2, username: 'bea' } });
    expect(await screen.findByRole('heading', { name: 'Already available' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/listings\/want-listings\/4\/matches$/);
    expect(screen.getByRole('link', { name: 'Cherry tomatoes' })).toHaveAttribute('href', '/listings/31');
    expect(screen.getByText('giveaway · rosa_grows')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('moves straight on when nothing matches yet', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([]));
    const onDone = vi.fn();
    renderWithProviders(<AlreadyAvailable wants={[tomato]} onDone={onDone} />, { auth: { id: 2, username: 'bea' } });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Already available' })).not.toBeInTheDocument();
  });
});
