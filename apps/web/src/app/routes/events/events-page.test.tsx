import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildEvent, calls, mockApi } from '../../../test/api-stubs';
import { json, renderWithProviders } from '../../../test/render';
import { eventTimeRange } from '../../../features/events/utils/event-time';
import EventsPage from './events-page';

const open = (route = '/events') =>
  renderWithProviders(<EventsPage />, {
    route,
    path: '/events',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/events/new', '/events/:id', '/personal-info'],
  });

/** A text as the page reads once its spaces (narrow ones in times) are collapsed. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

const page = (events: ReturnType<typeof buildEvent>[], next_cursor: string | null = null, located = true) =>
  json({ events, next_cursor, located });

describe('the events screen', () => {
  it('lists the events near me with their time, place, going count and friends going', async () => {
    const swap = buildEvent({
      id: 5,
      title: 'Spring seed swap',
      going_count: 12,
      friends_going: [{ id: 3, username: 'Maria', profile_picture: null }],
      friends_going_count: 3,
    });
    mockApi({ 'GET /api/events': page([swap, buildEvent({ title: 'Tomato day', friends_going_count: 0 })]) });
    open();
    const card = (await screen.findByRole('heading', { name: 'Spring seed swap' })).closest('article')!;
    expect(within(card).getByText(spaced(eventTimeRange(swap)))).toBeInTheDocument();
    expect(within(card).getByText('Liberty Park pavilion · 2.4 mi')).toBeInTheDocument();
    expect(within(card).getByText('12 going')).toBeInTheDocument();
    expect(within(card).getByText('Maria and 2 friends are going')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/events/5');
    const other = screen.getByRole('heading', { name: 'Tomato day' }).closest('article')!;
    expect(within(other).queryByText(/are going|is going/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Near me' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Host an event' })).toHaveAttribute('href', '/events/new');
  });

  it('marks a cancelled event, one I am going to and one I host', async () => {
    mockApi({
      'GET /api/events?going=true': page([
        buildEvent({ title: 'Called off', cancelled_at: new Date().toISOString(), going_by_me: true }),
        buildEvent({ title: 'Still on', going_by_me: true }),
      ]),
    });
    open('/events?tab=going');
    const off = (await screen.findByRole('heading', { name: 'Called off' })).closest('article')!;
    expect(within(off).getByText('Cancelled')).toBeInTheDocument();
    const on = screen.getByRole('heading', { name: 'Still on' }).closest('article')!;
    expect(within(on).queryByText('Cancelled')).not.toBeInTheDocument();
    expect(within(on).getByText('Going')).toBeInTheDocument();
  });

  it('switches tabs through the address, asking for the events I go to and those I host', async () => {
    const api = mockApi({
      'GET /api/events': page([buildEvent({ title: 'Near one' })]),
      'GET /api/events?going=true': page([]),
      'GET /api/events?mine=true': page([buildEvent({ title: 'My swap', is_owner: true })]),
    });
    const { router } = open();
    await screen.findByText('Near one');
    await userEvent.click(screen.getByRole('tab', { name: 'Going' }));
    expect(await screen.findByText('You are not going to any upcoming event.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=going');
    await userEvent.click(screen.getByRole('tab', { name: 'Hosting' }));
    const mine = (await screen.findByRole('heading', { name: 'My swap' })).closest('article')!;
    expect(within(mine).getByText('Hosting')).toBeInTheDocument();
    expect(calls(api)).toEqual(['GET /api/events', 'GET /api/events?going=true', 'GET /api/events?mine=true']);
  });

  it('asks for a ZIP code when I have none', async () => {
    mockApi({ 'GET /api/events': page([], null, false) });
    open();
    expect(await screen.findByRole('link', { name: EVENT_TEXTS.locationNeeded })).toHaveAttribute(
      'href',
      '/personal-info',
    );
  });

  it('says when no event is near and offers to host one', async () => {
    mockApi({ 'GET /api/events': page([]) });
    open();
    expect(await screen.findByText(EVENT_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Host one' })).toHaveAttribute('href', '/events/new');
  });

  it('loads the next page from the cursor', async () => {
    const api = mockApi({
      'GET /api/events': page([buildEvent({ title: 'First' })], 'abc'),
      'GET /api/events?cursor=abc': page([buildEvent({ title: 'Second' })]),
    });
    open();
    await screen.findByText('First');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls(api)).toEqual(['GET /api/events', 'GET /api/events?cursor=abc']);
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/events': () =>
        fail ? json({ detail: 'boom', code: 'INTERNAL' }, 500) : page([buildEvent({ title: 'Back' })]),
    });
    open();
    expect(await screen.findByText('Failed to load events. Please try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Back')).toBeInTheDocument());
  });
});
