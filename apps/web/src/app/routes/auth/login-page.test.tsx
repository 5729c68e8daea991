import { TEXTS } from '@gardenswap/shared/texts';
import { suspendedText } from '@gardenswap/shared/moderation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import LoginPage from './login-page';

const open = () =>
  renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/my-listings', '/personal-info', '/listings/7'] });

describe('Login card', () => {
  it('shows the spec texts for a missing e-mail and password', async () => {
    open();
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText(TEXTS.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.passwordRequired)).toBeInTheDocument();
  });

  it('refuses a malformed e-mail with "Invalid email format"', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText(TEXTS.emailInvalid)).toBeInTheDocument();
  });

  it('sends the form-encoded login of the spec and lands on My listings', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        json({ access_token: 'tok', token_type: 'bearer', expires_in: 604800, user: { id: 3, username: 'rosa' } }),
      );
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText('Navigated to /my-listings')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(String(init?.body)).toBe('username=rosa%40example.com&password=secret-pass');
    const stored = JSON.parse(localStorage.getItem('auth')!);
    expect(stored).toMatchObject({ token: 'tok', user: { id: 3, username: 'rosa' } });
    expect(stored.expiresAt).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('says "Incorrect email or password." on a 401', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ detail: 'Incorrect email or password.', code: 'UNAUTHORIZED' }, 401),
    );
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument();
  });

  it("says until when a suspended member's account is suspended", async () => {
    const detail = suspendedText('2026-03-03T14:00:00.000Z');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ detail, code: 'ACCOUNT_SUSPENDED' }, 403));
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText('Your account is suspended until 2026-03-03 14:00 UTC.')).toBeInTheDocument();
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('says "Invalid credentials" when the answer has no token', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ user: { id: 1, username: 'x' } }));
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
  });

  it('disables the inputs while signing in', async () => {
    let answer!: (r: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((r) => (answer = r)));
    open();
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDisabled());
    answer(json({ detail: 'Incorrect email or password.', code: 'UNAUTHORIZED' }, 401));
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeEnabled());
  });

  it('returns a guest to the page they asked for', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ access_token: 'tok', user: { id: 3, username: 'rosa' } }));
    open();
    sessionStorage.setItem('gardenswap.returnTo', '/listings/7');
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[1]!);
    expect(await screen.findByText('Navigated to /listings/7')).toBeInTheDocument();
  });
});

describe('Register card', () => {
  const switchToRegister = async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Register', pressed: false }));
  };

  it('shows every registration text of the spec', async () => {
    await switchToRegister();
    await userEvent.type(screen.getByLabelText('Username'), 'a b');
    await userEvent.type(screen.getByLabelText('Email'), 'bad');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]!);
    expect(await screen.findByText(TEXTS.usernameCharacters)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.confirmPasswordRequired)).toBeInTheDocument();
  });

  it('says "Username must be at least 3 characters long" and "Passwords do not match"', async () => {
    await switchToRegister();
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]!);
    expect(await screen.findByText(TEXTS.usernameTooShort)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'rosa_g');
    await userEvent.type(screen.getByLabelText('First name'), 'Rosa');
    await userEvent.type(screen.getByLabelText('Last name'), 'G');
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different!');
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]!);
    expect(await screen.findByText(TEXTS.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('registers, signs in and goes to /personal-info', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ id: 9, username: 'rosa_g' }, 201))
      .mockResolvedValueOnce(json({ access_token: 'tok', user: { id: 9, username: 'rosa_g' } }));
    await switchToRegister();
    await userEvent.type(screen.getByLabelText('Username'), 'rosa_g');
    await userEvent.type(screen.getByLabelText('First name'), 'Rosa');
    await userEvent.type(screen.getByLabelText('Last name'), 'G');
    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]!);
    expect(await screen.findByText('Navigated to /personal-info')).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      username: 'rosa_g',
      first_name: 'Rosa',
      last_name: 'G',
      email: 'rosa@example.com',
      password: 'long-enough',
    });
  });

  it('shows the server detail for a taken e-mail, and "Login failed after registration" when signing in fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ detail: TEXTS.emailTaken, code: 'EMAIL_TAKEN' }, 409));
    await switchToRegister();
    for (const [label, value] of [
      ['Username', 'rosa_g'],
      ['First name', 'Rosa'],
      ['Last name', 'G'],
      ['Email', 'rosa@example.com'],
      ['Password', 'long-enough'],
      ['Confirm password', 'long-enough'],
    ] as const) {
      await userEvent.type(screen.getByLabelText(label), value);
    }
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]!);
    expect(await screen.findByText(TEXTS.emailTaken)).toBeInTheDocument();

    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ id: 9, username: 'rosa_g' }, 201))
      .mockResolvedValueOnce(json({ detail: 'boom', code: 'INTERNAL' }, 500));
    await userEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]!);
    expect(await screen.findByText('Login failed after registration')).toBeInTheDocument();
  });

  it('links to the forgot-password page', async () => {
    renderWithProviders(<LoginPage />, { path: '/login', otherPaths: ['/forgot-password'] });
    await userEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByText('Navigated to /forgot-password')).toBeInTheDocument();
  });
});
