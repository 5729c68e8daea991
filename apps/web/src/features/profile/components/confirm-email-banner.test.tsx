import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { ConfirmEmailBanner } from './confirm-email-banner';

afterEach(() => vi.restoreAllMocks());

const profile = (email_confirmed: boolean) => ({
  id: 1,
  username: 'maria',
  email: 'maria@example.com',
  email_confirmed,
  pending_email: null,
});

function stub(confirmed: boolean, resend: () => Response) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${path}`);
    if (method === 'GET' && path === '/api/auth/profile') return json(profile(confirmed));
    if (method === 'POST' && path === '/api/auth/email/confirmation') return resend();
    return json({ detail: 'no stub', code: 'TEST' }, 500);
  });
  renderWithProviders(<ConfirmEmailBanner />, { auth: { id: 1, username: 'maria' } });
  return calls;
}

describe('the confirm-your-email banner', () => {
  it('asks an unconfirmed member to confirm, and "Resend" sends a fresh link and says where', async () => {
    const calls = stub(false, () =>
      json({ detail: 'We sent a confirmation link to maria@example.com. Check your inbox.' }, 202),
    );
    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(banner).toHaveTextContent(`${ACCOUNT_TEXTS.bannerText} maria@example.com.`);
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a confirmation link to maria@example.com.');
    expect(calls).toContain('POST /api/auth/email/confirmation');
  });

  it('shows the clear 429 text when links were asked for too often', async () => {
    stub(false, () =>
      json({ detail: ACCOUNT_TEXTS.tooManyLinks, code: 'RATE_LIMITED' }, 429, { 'retry-after': '600' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.tooManyLinks);
  });

  it('goes away when dismissed, for the rest of the browser session', async () => {
    stub(false, () => json({}, 500));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('confirm-email-banner-dismissed:1')).toBe('1');
  });

  it('is not there for a confirmed member', async () => {
    const calls = stub(true, () => json({}, 500));
    await waitFor(() => expect(calls).toContain('GET /api/auth/profile'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
  });
});
