import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import { EmailSettings } from './email-settings';

afterEach(() => vi.restoreAllMocks());

const MARIA = buildUser({
  email: 'maria@example.org',
  friend_count: 0,
  profile_picture: null,
  city: null,
  state: null,
  zip_code: null,
  email_notifications: { matches: true, friend_requests: false, messages: true, trades: false, digest: false },
});

/** Serves the profile, and answers each PATCH with `patch` (the server's answer, or a failure). */
function serve(patch: (body: unknown) => Promise<Response>) {
  const patches: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path !== '/api/auth/profile') return json({ detail: `No stub for ${path}`, code: 'TEST' }, 500);
    if (init?.method === 'PATCH') {
      const body: unknown = JSON.parse(String(init.body));
      patches.push(body);
      return patch(body);
    }
    return json(MARIA);
  });
  renderWithProviders(<EmailSettings />, { auth: { id: 1, username: 'maria' } });
  return patches;
}

describe('the e-mail settings on the profile', () => {
  it('shows one labelled switch per kind, pickup times and the weekly e-mail among them, as the profile says', async () => {
    serve(async () => json(MARIA));
    const section = await screen.findByRole('region', { name: 'E-mail notifications' });
    const switches = within(section).getAllByRole('switch');
    expect(switches).toHaveLength(5);
    expect(within(section).getByRole('switch', { name: 'Matches' })).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Friend requests' })).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Messages' })).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Pickup and event times' })).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'New near you, weekly' })).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Messages' })).toHaveAccessibleDescription(
      'When a message waits unread for you while you are away from Gardenswap.',
    );
    expect(within(section).getByRole('switch', { name: 'New near you, weekly' })).toHaveAccessibleDescription(
      'On Saturday mornings, the new listings near you, your wish-list matches first. Never sent empty.',
    );
  });

  it('turns the weekly e-mail of new listings near you on, and only that', async () => {
    const patches = serve(async () =>
      json({ ...MARIA, email_notifications: { ...MARIA.email_notifications, digest: true } }),
    );
    const weekly = await screen.findByRole('switch', { name: 'New near you, weekly' });
    await userEvent.click(weekly);
    await waitFor(() => expect(patches).toEqual([{ email_notifications: { digest: true } }]));
    await waitFor(() => expect(weekly).toBeEnabled());
    expect(weekly).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Pickup and event times' })).not.toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns only messages off, at once, with PATCH /auth/profile', async () => {
    let answer!: (response: Response) => void;
    const patches = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const messages = await screen.findByRole('switch', { name: 'Messages' });
    await userEvent.click(messages);
    // Off before the server answers, and the other switches untouched.
    expect(messages).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Matches' })).toBeChecked();
    await waitFor(() => expect(patches).toEqual([{ email_notifications: { messages: false } }]));
    answer(json({ ...MARIA, email_notifications: { ...MARIA.email_notifications, messages: false } }));
    await waitFor(() => expect(messages).toBeEnabled());
    expect(messages).not.toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('flips back and says so when saving fails', async () => {
    const patches = serve(async () => json({ detail: 'x', code: 'INTERNAL' }, 500));
    const requests = await screen.findByRole('switch', { name: 'Friend requests' });
    await userEvent.click(requests);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your e-mail setting. Please try again.');
    expect(requests).not.toBeChecked();
    expect(patches).toEqual([{ email_notifications: { friend_requests: true } }]);
  });
});
