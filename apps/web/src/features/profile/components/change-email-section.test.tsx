import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { TEXTS } from '@gardenswap/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { ChangeEmailSection } from './change-email-section';

afterEach(() => vi.restoreAllMocks());

function stub(answer: (method: string, path: string) => Response) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer(method, path);
  });
  return calls;
}

const render = (pending_email: string | null = null) =>
  renderWithProviders(<ChangeEmailSection user={{ email: 'maria@example.com', pending_email }} />, {
    auth: { id: 1, username: 'maria' },
  });

async function ask(email: string, password = 'my secret 123') {
  await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
  await userEvent.type(screen.getByLabelText('New email'), email);
  await userEvent.type(screen.getByLabelText('Current password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
}

describe('changing the e-mail on the profile', () => {
  it('sends the new address with the current password and says where the link went', async () => {
    const calls = stub(() =>
      json({ detail: 'We sent a confirmation link to new@example.com. Check your inbox.' }, 202),
    );
    render();
    await ask('new@example.com');
    expect(await screen.findByText(/We sent a confirmation link to new@example.com/)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/email/change',
      body: { email: 'new@example.com', current_password: 'my secret 123' },
    });
  });

  it('checks the address before sending, and shows a taken address and a wrong password by their fields', async () => {
    const calls = stub((_, path) =>
      path === '/api/auth/email/change'
        ? json({ detail: TEXTS.emailTaken, code: 'EMAIL_TAKEN' }, 409)
        : json({ detail: 'x', code: 'TEST' }, 500),
    );
    render();
    await ask('not-an-address');
    expect(await screen.findByText(TEXTS.emailInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('New email'));
    await userEvent.type(screen.getByLabelText('New email'), 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(TEXTS.emailTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('New email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a wrong current password beside its field', async () => {
    stub(() =>
      json(
        {
          detail: ACCOUNT_TEXTS.currentPasswordWrong,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'current_password', message: ACCOUNT_TEXTS.currentPasswordWrong }],
        },
        422,
      ),
    );
    render();
    await ask('new@example.com', 'wrong');
    expect(await screen.findByText(ACCOUNT_TEXTS.currentPasswordWrong)).toBeInTheDocument();
  });

  it('shows the pending address with "Resend link" and "Cancel change"', async () => {
    const calls = stub((method) =>
      method === 'DELETE' ? json(null, 204) : json({ detail: 'We sent a confirmation link to new@example.com.' }, 202),
    );
    render('new@example.com');
    expect(screen.getByText(/Waiting for confirmation/)).toHaveTextContent('new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a confirmation link to new@example.com.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText('The change was cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
        expect.arrayContaining(['POST /api/auth/email/change/resend', 'DELETE /api/auth/email/change']),
      ),
    );
  });
});
