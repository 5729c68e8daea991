import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { EmailNotificationsSwitch } from './email-notifications-switch';

afterEach(() => vi.restoreAllMocks());

describe('the e-mail notifications switch', () => {
  it('turns e-mails off with PATCH /auth/profile', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ id: 1, email_notifications: false }));
    renderWithProviders(<EmailNotificationsSwitch on />, { auth: { id: 1, username: 'maria' } });
    const toggle = screen.getByRole('switch', { name: 'E-mail notifications' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/profile$/);
    expect(init!.method).toBe('PATCH');
    expect(JSON.parse(String(init!.body))).toEqual({ email_notifications: false });
  });

  it('says so when saving fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ detail: 'x', code: 'INTERNAL' }, 500));
    renderWithProviders(<EmailNotificationsSwitch on={false} />, { auth: { id: 1, username: 'maria' } });
    await userEvent.click(screen.getByRole('switch', { name: 'E-mail notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your e-mail setting.');
  });
});
