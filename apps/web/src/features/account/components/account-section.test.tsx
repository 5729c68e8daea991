import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { TEXTS } from '@gardenswap/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAuth } from '../../../lib/auth-storage';
import { json, renderWithProviders } from '../../../test/render';
import { leave } from '../api/use-delete-account';
import { AccountSection } from './account-section';

const LINK = { url: '/api/account/export?v=1&exp=99&sig=abc', expires_at: '2030-01-01T00:05:00.000Z' };

interface Stub {
  deleteAnswer?: () => Response | Promise<Response>;
  linkAnswer?: () => Promise<Response>;
}

function open(stub: Stub = {}) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && path === '/api/account/export-link') return stub.linkAnswer?.() ?? json(LINK);
    if (method === 'POST' && path === '/api/account/delete') return stub.deleteAnswer?.() ?? json(null, 204);
    return json({ detail: `No stub for ${method} ${path}`, code: 'TEST' }, 500);
  });
  const view = renderWithProviders(<AccountSection />, {
    route: '/profile',
    path: '/profile',
    auth: { id: 1, username: 'maria' },
    otherPaths: ['/account-deleted', '/login'],
  });
  return { ...view, calls };
}

afterEach(() => vi.restoreAllMocks());

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
};

describe('download my data', () => {
  it('shows "Preparing..." while the link is made, then lets the browser download it', async () => {
    let answer!: (r: Response) => void;
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} download=${this.hasAttribute('download')}`);
    });
    const { calls } = open({ linkAnswer: () => new Promise((resolve) => (answer = resolve)) });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(screen.getByRole('button', { name: 'Preparing...' })).toBeDisabled();
    answer(json(LINK));
    expect(await screen.findByText(/Your download has started/)).toBeInTheDocument();
    expect(clicked).toEqual([`${LINK.url} download=true`]);
    expect(calls.filter((c) => c.path === '/api/account/export-link')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says so when the link cannot be made', async () => {
    open({ linkAnswer: async () => json({ detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }, 503) });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  });
});

describe('delete my account', () => {
  it('asks first, saying exactly what happens, and Cancel keeps everything', async () => {
    const { calls } = open();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).toHaveTextContent(
      'removes your profile, your listings and their photos, your want list, your friends and friend requests, your notifications and the members you blocked',
    );
    expect(dialog).toHaveTextContent('signs you out on every device');
    expect(dialog).toHaveTextContent(`from “${ACCOUNT_TEXTS.deletedMember}”`);
    expect(dialog).toHaveTextContent('frees your e-mail address and username');
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/account/delete')).toBe(false);
    expect(readAuth()).not.toBeNull();
  });

  it('needs the password before asking the server', async () => {
    const { calls } = open();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/account/delete')).toBe(false);
  });

  it("shows the server's answer to a wrong password on the field and stays signed in", async () => {
    open({
      deleteAnswer: () =>
        json(
          {
            detail: ACCOUNT_TEXTS.wrongPassword,
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'password', message: ACCOUNT_TEXTS.wrongPassword }],
          },
          422,
        ),
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(ACCOUNT_TEXTS.wrongPassword)).toBeInTheDocument();
    expect(readAuth()).not.toBeNull();
  });

  it('shows "Deleting...", then signs out and starts over on the page that says the account was deleted', async () => {
    let answer!: (r: Response) => void;
    const left = vi.spyOn(leave, 'to').mockImplementation(() => {});
    const { calls } = open({ deleteAnswer: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'correct horse 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(json(null, 204));
    await waitFor(() => expect(left).toHaveBeenCalledWith('/account-deleted'));
    expect(readAuth()).toBeNull();
    expect(calls.find((c) => c.path === '/api/account/delete')).toEqual({
      method: 'POST',
      path: '/api/account/delete',
      body: { password: 'correct horse 42' },
    });
  });

  it('keeps the dialog open with a short error when the server fails', async () => {
    open({ deleteAnswer: () => json({ detail: TEXTS.internal, code: 'INTERNAL' }, 500) });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'correct horse 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(TEXTS.internal)).toBeInTheDocument();
    expect(readAuth()).not.toBeNull();
  });
});
