import type { User } from '@gardenswap/shared/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readAuth } from '../../../lib/auth-storage';
import { buildUser } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import ProfilePage from './profile-page';

const MARIA = buildUser();

function openProfile(profile: User | Response = MARIA) {
  const calls: { method: string; path: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path });
    if (method === 'GET' && path === '/api/auth/profile') return profile instanceof Response ? profile : json(profile);
    if (method === 'POST' && path === '/api/auth/logout') return json(null, 204);
    return json({ detail: `No stub for ${method} ${path}`, code: 'TEST' }, 500);
  });
  const view = renderWithProviders(<ProfilePage />, {
    route: '/profile',
    path: '/profile',
    auth: { id: 1, username: 'maria' },
    otherPaths: ['/login', '/myfriends', '/personal-info', '/invite-your-friends'],
  });
  return { ...view, calls };
}

describe('profile page', () => {
  it('shows "Loading..." until the profile arrives', async () => {
    openProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Maria' })).toBeInTheDocument();
  });

  it('shows my name, username, e-mail, friend count and location', async () => {
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria' })).toBeInTheDocument();
    expect(screen.getByText('@maria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 friends' })).toHaveAttribute('href', '/myfriends');
    expect(screen.getByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('maria@demo.gardenswap.example')).toBeInTheDocument();
    expect(screen.getByText('Salt Lake City, UT 84101')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit location' })).toHaveAttribute('href', '/personal-info');
    expect(screen.getByRole('link', { name: 'My friends' })).toHaveAttribute('href', '/myfriends');
    expect(screen.getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '/invite-your-friends');
  });

  it('uses the username as the heading when there is no first name, and offers to add a location', async () => {
    openProfile({ ...MARIA, first_name: '', city: null, state: null, zip_code: null, friend_count: 1 });
    expect(await screen.findByRole('heading', { level: 1, name: 'maria' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 friend' })).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your location' })).toHaveAttribute('href', '/personal-info');
  });

  it('shows the initial when the picture cannot be loaded, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = openProfile();
    await screen.findByRole('heading', { name: 'Maria' });
    const picture = container.querySelector('img.avatar');
    expect(picture).toHaveAttribute('src', '/api/uploads/avatars/maria.webp');
    fireEvent.error(picture!);
    expect(container.querySelector('img.avatar')).not.toBeInTheDocument();
    expect(container.querySelector('.avatar-initial')).toHaveTextContent('M');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Failed to load profile data." when the profile cannot load', async () => {
    openProfile(json({ detail: 'down', code: 'INTERNAL' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data.');
  });

  it('logs out on the server and goes to /login', async () => {
    const user = userEvent.setup();
    const { calls, router } = openProfile();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/auth/logout' });
    expect(readAuth()).toBeNull();
  });

  it('marks an unconfirmed address and shows a change of address waiting for its link', async () => {
    openProfile({ ...MARIA, email_confirmed: false, pending_email: 'maria@new.example' });
    expect(await screen.findByText('Not confirmed')).toBeInTheDocument();
    expect(screen.getByText(/Waiting for confirmation/)).toHaveTextContent('maria@new.example');
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel change' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });
});
