import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { TEXTS } from '@gardenswap/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import ConfirmEmailPage from './confirm-email-page';

afterEach(() => vi.restoreAllMocks());

function open(answer: Response, auth?: { id: number; username: string }, route = '/confirm-email?token=abc') {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer);
  renderWithProviders(<ConfirmEmailPage />, { path: '/confirm-email', route, auth });
  return fetch;
}

/** Opens the link and taps its one button, as the member does. */
async function openAndConfirm(answer: Response, auth?: { id: number; username: string }) {
  const fetch = open(answer, auth);
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm my email' }));
  return fetch;
}

describe('the confirm-email page', () => {
  it('confirms nothing when the link is opened, only when its button is tapped', async () => {
    const fetch = open(json({ detail: ACCOUNT_TEXTS.confirmed, email: 'maria@example.com', changed: false }));
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('confirms from the link for a guest, once, and offers to sign in', async () => {
    const fetch = await openAndConfirm(
      json({ detail: ACCOUNT_TEXTS.confirmed, email: 'maria@example.com', changed: false }),
    );
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_TEXTS.confirmed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/email\/confirm$/);
    expect(JSON.parse(String(init!.body))).toEqual({ token: 'abc' });
  });

  it('says a changed address is now the one to sign in with, and lets a signed-in member go on', async () => {
    await openAndConfirm(
      json({
        detail: 'Your email is now new@example.com. Use it to sign in from now on.',
        email: 'new@example.com',
        changed: true,
      }),
      {
        id: 1,
        username: 'maria',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Email changed' })).toBeInTheDocument();
    expect(screen.getByText(/Your email is now new@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the marketplace' })).toBeInTheDocument();
  });

  it.each([ACCOUNT_TEXTS.linkUsed, ACCOUNT_TEXTS.linkExpired, ACCOUNT_TEXTS.linkInvalid])(
    'says clearly why a link did not work: %s',
    async (detail) => {
      await openAndConfirm(json({ detail, code: 'BAD_REQUEST' }, 400), { id: 1, username: 'maria' });
      expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(detail);
      expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
    },
  );

  it('says when someone else registered the new address meanwhile', async () => {
    await openAndConfirm(json({ detail: TEXTS.emailTaken, code: 'EMAIL_TAKEN' }, 409));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.emailTaken);
  });

  it('asks nothing of the server without a token', async () => {
    const fetch = open(json({}), undefined, '/confirm-email');
    expect(screen.getByRole('alert')).toHaveTextContent('not valid');
    expect(fetch).not.toHaveBeenCalled();
  });
});
