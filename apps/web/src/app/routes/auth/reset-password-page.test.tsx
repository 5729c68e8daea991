import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import ResetPasswordPage from './reset-password-page';

const open = (route = '/reset-password?token=abc123') =>
  renderWithProviders(<ResetPasswordPage />, {
    path: '/reset-password',
    route,
    otherPaths: ['/my-listings', '/forgot-password'],
  });

async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('Reset password page', () => {
  it('checks the new password by the registration rules before asking the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    open();
    await fill('short', 'short');
    expect(await screen.findByText(TEXTS.passwordTooShort)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await fill('long enough 1', 'long enough 2');
    expect(await screen.findByText(TEXTS.passwordsDoNotMatch)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token with the new password, stores the session and lands on My listings', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        json({ access_token: 'tok', token_type: 'bearer', expires_in: 604800, user: { id: 3, username: 'rosa' } }),
      );
    open();
    await fill('a new secret 42', 'a new secret 42');
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/password/reset');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc123', password: 'a new secret 42' });
    expect(JSON.parse(localStorage.getItem('auth')!)).toMatchObject({
      token: 'tok',
      user: { id: 3, username: 'rosa' },
    });
  });

  it('shows the expired-link text and a way to ask for a new link when the server refuses the link', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ detail: TEXTS.passwordResetInvalid, code: 'BAD_REQUEST' }, 400),
    );
    open();
    await fill('a new secret 42', 'a new secret 42');
    expect(await screen.findByText(TEXTS.passwordResetInvalid)).toBeInTheDocument();
    expect(localStorage.getItem('auth')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Send a new link' }));
    expect(await screen.findByText('Navigated to /forgot-password')).toBeInTheDocument();
  });

  it('says the link is not valid when it carries no token', async () => {
    open('/reset-password');
    expect(screen.getByText(TEXTS.passwordResetInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
