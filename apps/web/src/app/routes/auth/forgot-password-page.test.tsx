import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import ForgotPasswordPage from './forgot-password-page';

const open = () => renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });

describe('Forgot password page', () => {
  it('refuses a malformed e-mail without asking the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(TEXTS.emailInvalid)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the e-mail and shows the same confirmation whatever the address', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ detail: 'from the server' }, 202));
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(TEXTS.passwordResetSent)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/password/forgot');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'rosa@example.com' });
  });

  it('shows the server text when it refuses, such as too many attempts', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ detail: TEXTS.tooManyRequests, code: 'RATE_LIMITED' }, 429));
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(TEXTS.tooManyRequests)).toBeInTheDocument();
  });
});
