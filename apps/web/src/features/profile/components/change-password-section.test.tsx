import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAuth } from '../../../lib/auth-storage';
import { json, renderWithProviders } from '../../../test/render';
import { ChangePasswordSection } from './change-password-section';

afterEach(() => vi.restoreAllMocks());

async function fill(current: string, next: string, again = next) {
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('changing the password on the profile', () => {
  it('sends the current and new password, stores the fresh session and says the others were signed out', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({
        access_token: 'fresh-token',
        token_type: 'bearer',
        expires_in: 604800,
        user: { id: 1, username: 'maria' },
      }),
    );
    renderWithProviders(<ChangePasswordSection />, { auth: { id: 1, username: 'maria' } });
    await fill('old secret 12', 'new secret 345');
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/password\/change$/);
    expect(JSON.parse(String(init!.body))).toEqual({
      current_password: 'old secret 12',
      new_password: 'new secret 345',
    });
    expect(readAuth()?.token).toBe('fresh-token');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('checks the registration rules and the confirmation before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ChangePasswordSection />, { auth: { id: 1, username: 'maria' } });
    await fill('old secret 12', 'short', 'other');
    expect(await screen.findByText(TEXTS.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.passwordsDoNotMatch)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a wrong current password beside its field, and keeps the session', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(
        {
          detail: ACCOUNT_TEXTS.currentPasswordWrong,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'current_password', message: ACCOUNT_TEXTS.currentPasswordWrong }],
        },
        422,
      ),
    );
    renderWithProviders(<ChangePasswordSection />, { auth: { id: 1, username: 'maria' } });
    await fill('wrong one 12', 'new secret 345');
    expect(await screen.findByText(ACCOUNT_TEXTS.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(readAuth()?.token).toBe('test-token');
  });

  it('says when there were too many tries', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ detail: TEXTS.tooManyRequests, code: 'RATE_LIMITED' }, 429),
    );
    renderWithProviders(<ChangePasswordSection />, { auth: { id: 1, username: 'maria' } });
    await fill('old secret 12', 'new secret 345');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.tooManyRequests);
  });
});
