import type { Swap } from '@gardenswap/shared/swaps';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import { SwapBadge } from './swap-badge';
import { SwapsSection } from './swaps-section';

const swap = (overrides: Partial<Swap> = {}): Swap => ({
  member: { id: 7, username: 'tomas_grows', profile_picture: null, city: 'Salt Lake City', state: 'UT' },
  distance_miles: 2.4,
  their_listing: { id: 40, title: 'Cherry tomatoes' },
  your_want: { id: 3, title: 'tomatoes' },
  your_listing: { id: 12, title: 'Basil seedlings' },
  their_want: { id: 9, title: 'basil' },
  ...overrides,
});

const ME = { id: 1, username: 'maria' };

afterEach(() => {
  restoreSocket();
  vi.restoreAllMocks();
});

describe('swaps for you', () => {
  it('names both items side by side, with the member, the distance and links', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json([
        swap(),
        swap({
          member: { ...swap().member, id: 8, username: 'far_away', city: null, state: null },
          distance_miles: null,
        }),
      ]),
    );
    renderWithProviders(<SwapsSection />, { auth: ME });
    const section = screen.getByRole('region', { name: 'Swaps for you' });
    const items = await within(section).findAllByRole('listitem');
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/swaps$/);
    expect(items[0]).toHaveTextContent('@tomas_grows 2.4 mi');
    expect(items[0]).toHaveTextContent('They have: Cherry tomatoes · They want: your Basil seedlings');
    expect(within(items[0]!).getByRole('link', { name: '@tomas_grows' })).toHaveAttribute('href', '/seller/7');
    expect(within(items[0]!).getByRole('link', { name: 'Cherry tomatoes' })).toHaveAttribute('href', '/listings/40');
    expect(within(items[0]!).getByRole('link', { name: 'Basil seedlings' })).toHaveAttribute('href', '/listings/12');
    expect(items[1]).toHaveTextContent('@far_away Location not specified');
  });

  it('says how swaps come about when there are none', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([]));
    renderWithProviders(<SwapsSection />, { auth: ME });
    expect(await screen.findByText(/No swaps yet/)).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => json({ detail: 'boom', code: 'INTERNAL' }, 500))
      .mockImplementation(async () => json([swap()]));
    renderWithProviders(<SwapsSection />, { auth: ME });
    expect(await screen.findByRole('alert')).toHaveTextContent("Swaps couldn't be loaded.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Cherry tomatoes')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refetches when the server says swaps changed', async () => {
    const socket = installFakeSocket();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => json([]))
      .mockImplementation(async () => json([swap()]));
    renderWithProviders(<SwapsSection />, { auth: ME });
    expect(await screen.findByText(/No swaps yet/)).toBeInTheDocument();
    socket.pushEvent('swaps_changed');
    expect(await screen.findByText('Cherry tomatoes')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it("shows the seller page's badge only when there is a swap with that member", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([swap()]));
    const { unmount } = renderWithProviders(<SwapBadge userId={7} />, { auth: ME });
    const badge = await screen.findByRole('note', { name: 'Swap for you' });
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/swaps\?user_id=7$/);
    expect(badge).toHaveTextContent('They have: Cherry tomatoes · They want: your Basil seedlings');
    unmount();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([]));
    renderWithProviders(<SwapBadge userId={8} />, { auth: ME });
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
