import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { InviteByEmail } from './invite-by-email';

describe('Invite by e-mail', () => {
  it('checks the address, sends the invitation and says so', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ ok: true }, 202));
    renderWithProviders(<InviteByEmail />, { auth: { id: 1, username: 'rosa' } });
    await userEvent.type(screen.getByLabelText('Invite a friend by e-mail'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(TEXTS.emailInvalid)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Invite a friend by e-mail'));
    await userEvent.type(screen.getByLabelText('Invite a friend by e-mail'), 'tom@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/invite');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'tom@example.com' });
  });

  it('shows the server detail when the limit is reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ detail: TEXTS.tooManyRequests, code: 'RATE_LIMITED' }, 429));
    renderWithProviders(<InviteByEmail />, { auth: { id: 1, username: 'rosa' } });
    await userEvent.type(screen.getByLabelText('Invite a friend by e-mail'), 'tom@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(TEXTS.tooManyRequests)).toBeInTheDocument();
  });
});
