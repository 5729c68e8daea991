import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildEvent, calls, mockApi } from '../../../test/api-stubs';
import { daysFromNow } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import { instantToLocal } from '../../../lib/datetime-local';
import EditEventPage from './edit-event-page';

const open = () =>
  renderWithProviders(<EditEventPage />, {
    route: '/events/5/edit',
    path: '/events/:id/edit',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/events/:id'],
  });

const sent = (api: ReturnType<typeof mockApi>) =>
  JSON.parse(String(api.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body));

describe('editing an event', () => {
  it('starts from the event and sends only what changed', async () => {
    const event = buildEvent({ id: 5, is_owner: true, capacity: 40, photo: 'uploads/e.webp' });
    const api = mockApi({
      'GET /api/events/5': json(event),
      'PATCH /api/events/5': json({ ...event, place_name: 'Community garden' }),
      'DELETE /api/events/5/photo': json({ ...event, photo: null }),
    });
    const { router } = open();
    expect(await screen.findByLabelText('Title')).toHaveValue(event.title);
    expect(screen.getByLabelText('Starts')).toHaveValue(instantToLocal(event.starts_at));
    expect(screen.getByLabelText('Capacity (optional)')).toHaveValue(40);
    await userEvent.clear(screen.getByLabelText('Place'));
    await userEvent.type(screen.getByLabelText('Place'), 'Community garden');
    await userEvent.clear(screen.getByLabelText('Capacity (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/5'));
    expect(sent(api)).toEqual({ place_name: 'Community garden', capacity: null });
    expect(calls(api)).toContain('DELETE /api/events/5/photo');
  });

  it('lets an event under way move its end, its start left as it was', async () => {
    const event = buildEvent({ id: 5, is_owner: true, starts_at: daysFromNow(-1, 10), ends_at: daysFromNow(1, 10) });
    const api = mockApi({ 'GET /api/events/5': json(event), 'PATCH /api/events/5': json(event) });
    const { router } = open();
    const later = daysFromNow(2, 10);
    fireEvent.change(await screen.findByLabelText('Ends'), { target: { value: instantToLocal(later) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/5'));
    expect(sent(api)).toEqual({ ends_at: later });
  });

  it('refuses a change of the start into the past', async () => {
    const event = buildEvent({ id: 5, is_owner: true });
    const api = mockApi({ 'GET /api/events/5': json(event) });
    open();
    fireEvent.change(await screen.findByLabelText('Starts'), {
      target: { value: instantToLocal(daysFromNow(-2, 10)) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(EVENT_TEXTS.startInPast)).toBeInTheDocument();
    expect(calls(api)).toEqual(['GET /api/events/5']);
  });

  it('is for its host only, and not once it is cancelled', async () => {
    mockApi({ 'GET /api/events/5': json(buildEvent({ id: 5 })) });
    const { unmount } = open();
    expect(await screen.findByText(EVENT_TEXTS.editForbidden)).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/events/5': json(buildEvent({ id: 5, is_owner: true, cancelled_at: daysFromNow(0) })) });
    open();
    expect(await screen.findByText(EVENT_TEXTS.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
