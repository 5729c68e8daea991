import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEvent, calls, mockApi } from '../../../test/api-stubs';
import { json, renderWithProviders } from '../../../test/render';
import EventsStrip from './events-strip';

const open = () => renderWithProviders(<EventsStrip />, { auth: { id: 1, username: 'gardener' } });

describe('the seed swaps near you on the marketplace', () => {
  it('shows the next three events near me and the way to all of them', async () => {
    const api = mockApi({
      'GET /api/events?limit=3': json({
        events: [
          buildEvent({ id: 1, title: 'Seed swap one', going_count: 4 }),
          buildEvent({ id: 2, title: 'Seed swap two' }),
          buildEvent({ id: 3, title: 'Seed swap three' }),
        ],
        next_cursor: 'more',
        located: true,
      }),
    });
    open();
    const strip = await screen.findByRole('region', { name: 'Seed swaps near you' });
    expect(within(strip).getAllByRole('article')).toHaveLength(3);
    expect(within(strip).getByRole('link', { name: /Seed swap one/ })).toHaveAttribute('href', '/events/1');
    expect(within(strip).getByText('4 going')).toBeInTheDocument();
    expect(within(strip).getByRole('link', { name: 'See all seed swaps' })).toHaveAttribute('href', '/events');
    expect(calls(api)).toEqual(['GET /api/events?limit=3']);
  });

  it('shows nothing when no event is near, or the member has no ZIP code', async () => {
    const api = mockApi({ 'GET /api/events?limit=3': json({ events: [], next_cursor: null, located: false }) });
    const { container } = open();
    await expect.poll(() => calls(api)).toEqual(['GET /api/events?limit=3']);
    expect(container).toBeEmptyDOMElement();
  });
});
