import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import type { Event } from '@gardenswap/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildEvent, calls, mockApi } from '../../../test/api-stubs';
import { json, renderWithProviders } from '../../../test/render';
import { eventTimeRange } from '../../../features/events/utils/event-time';
import EventPage from './event-page';

const me = { id: 1, username: 'gardener' };
const spaced = (text: string) => text.replace(/\s+/g, ' ');

const open = () =>
  renderWithProviders(<EventPage />, {
    route: '/events/5',
    path: '/events/:id',
    auth: me,
    otherPaths: ['/events/:id/edit', '/seller/:id', '/events'],
  });

/** Answers GET /api/events/5 with whatever `current` holds at the time. */
function serve(initial: Event, more: Parameters<typeof mockApi>[0] = {}) {
  const state = { current: initial };
  const api = mockApi({ 'GET /api/events/5': () => json(state.current), ...more });
  return { api, state };
}

describe("an event's page", () => {
  it('shows what, when and where (the address too), its host, who is going, and my friends going', async () => {
    const event = buildEvent({
      id: 5,
      title: 'Spring seed swap',
      photo: 'uploads/events/swap.webp',
      description: 'Bring labelled packets.',
      going_count: 12,
      friends_going: [{ id: 3, username: 'Maria', profile_picture: null }],
      friends_going_count: 1,
      capacity: 20,
    });
    serve(event);
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring seed swap' })).toBeInTheDocument();
    expect(container.querySelector('img.event-photo')).toHaveAttribute('src', '/api/uploads/events/swap.webp');
    expect(screen.getByText(spaced(eventTimeRange(event, { zone: true })))).toBeInTheDocument();
    expect(screen.getByText('Liberty Park pavilion')).toBeInTheDocument();
    expect(screen.getByText('600 E 900 S, 84105')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rosa_host' })).toHaveAttribute('href', '/seller/7');
    expect(screen.getByText('Bring labelled packets.')).toBeInTheDocument();
    expect(screen.getByText('12 going')).toBeInTheDocument();
    expect(screen.getByText(/8 spots left/)).toBeInTheDocument();
    expect(screen.getByText('Maria is going')).toBeInTheDocument();
    // The calendar entry is for the members going.
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it("says I'm going, then offers the calendar entry and Not going", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.getAttribute('href')} ${this.getAttribute('download')}`);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:event');
    const going = buildEvent({ id: 5, going_count: 13, going_by_me: true });
    const { api, state } = serve(buildEvent({ id: 5, going_count: 12 }), {
      'PUT /api/events/5/going': () => {
        state.current = going;
        return json(going);
      },
      'DELETE /api/events/5/going': () => {
        state.current = buildEvent({ id: 5, going_count: 12 });
        return json(state.current);
      },
      'GET /api/events/5/calendar.ics': new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
        headers: { 'content-type': 'text/calendar' },
      }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: "I'm going" }));
    expect(await screen.findByText('You are going.')).toBeInTheDocument();
    expect(screen.getByText('13 going')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toEqual(['blob:event event.ics']));
    await userEvent.click(screen.getByRole('button', { name: 'Not going' }));
    expect(await screen.findByRole('button', { name: "I'm going" })).toBeInTheDocument();
    expect(screen.getByText('12 going')).toBeInTheDocument();
    expect(calls(api)).toEqual(
      expect.arrayContaining([
        'PUT /api/events/5/going',
        'GET /api/events/5/calendar.ics',
        'DELETE /api/events/5/going',
      ]),
    );
  });

  it('cannot be joined once full, and says so', async () => {
    serve(buildEvent({ id: 5, capacity: 12, going_count: 12 }));
    open();
    expect(await screen.findByRole('button', { name: "I'm going" })).toBeDisabled();
    expect(screen.getByText(EVENT_TEXTS.full)).toBeInTheDocument();
    expect(screen.queryByText(/spots? left/)).not.toBeInTheDocument();
  });

  it('shows the server’s word when it filled up meanwhile, and the event as it now stands', async () => {
    const { state } = serve(buildEvent({ id: 5, capacity: 12, going_count: 11 }), {
      'PUT /api/events/5/going': () => {
        state.current = buildEvent({ id: 5, capacity: 12, going_count: 12 });
        return json({ detail: EVENT_TEXTS.full, code: 'EVENT_FULL' }, 409);
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: "I'm going" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_TEXTS.full);
    await waitFor(() => expect(screen.getByRole('button', { name: "I'm going" })).toBeDisabled());
    expect(screen.getByText('12 going')).toBeInTheDocument();
  });

  it('says a cancelled event was cancelled, and offers nothing to do on it', async () => {
    serve(buildEvent({ id: 5, cancelled_at: new Date().toISOString(), going_by_me: true }));
    open();
    expect(await screen.findByText(EVENT_TEXTS.cancelled)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: "I'm going" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not going' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('gives its host Edit and Cancel event, asked once more first, and then shows it cancelled', async () => {
    const { api, state } = serve(buildEvent({ id: 5, title: 'My swap', is_owner: true, going_count: 3 }), {
      'DELETE /api/events/5': () => {
        state.current = { ...state.current, cancelled_at: new Date().toISOString() };
        return json(null, 204);
      },
    });
    open();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/events/5/edit');
    expect(screen.getByText(/Hosted by/)).toHaveTextContent('Hosted by you');
    expect(screen.queryByRole('button', { name: "I'm going" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report event' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls(api)).not.toContain('DELETE /api/events/5');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel this event?' })).getByRole('button', { name: 'Cancel event' }),
    );
    expect(await screen.findByText(EVENT_TEXTS.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(calls(api)).toContain('DELETE /api/events/5');
  });

  it('lets another member report it to the moderators', async () => {
    const { api } = serve(buildEvent({ id: 5 }), {
      'POST /api/reports': ({ body }) => json({ id: 1, ...(body as object) }, 201),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Report event' }));
    const dialog = screen.getByRole('dialog', { name: 'Report event' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'This is an advert for a shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = api.mock.calls.find(([url, i]) => String(url) === '/api/reports' && i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      target_type: 'event',
      target_id: 5,
      reason: 'This is an advert for a shop',
    });
  });

  it('says when there is no such event to see', async () => {
    mockApi({ 'GET /api/events/5': json({ detail: EVENT_TEXTS.notFound, code: 'NOT_FOUND' }, 404) });
    open();
    expect(await screen.findByRole('heading', { name: EVENT_TEXTS.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See events near you' })).toHaveAttribute('href', '/events');
  });
});
