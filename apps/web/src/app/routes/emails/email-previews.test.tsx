import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import FriendInvitationPage from './friend-invitation-page';
import MatchNotificationPage from './match-notification-page';

const me = { id: 1, username: 'maria' };
const MATCH = {
  subject: 'You got a match: Cherry tomatoes',
  html: '<!doctype html><html><body><h1>You got a match</h1><a href="https://x.example/u">Unsubscribe</a></body></html>',
  text: 'You got a match\n\nSee the listing: http://localhost/listings/1\nUnsubscribe: http://localhost/unsubscribe?token=sample',
};

afterEach(() => vi.restoreAllMocks());

describe('e-mail previews', () => {
  it('shows the match e-mail the server renders: subject, the HTML in a sandboxed frame, and the plain text', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(MATCH));
    renderWithProviders(<MatchNotificationPage />, { path: '/match-noti', auth: me });
    expect(screen.getByRole('note')).toHaveTextContent(/^Preview of the e-mail/);
    expect(await screen.findByText('You got a match: Cherry tomatoes')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/mail\/preview\/match$/);
    const frame = screen.getByTitle('E-mail: You got a match: Cherry tomatoes');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(MATCH.html);

    await userEvent.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect(screen.getByLabelText(/^Plain text of the e-mail/)).toHaveTextContent(
      'See the listing: http://localhost/listings/1',
    );
  });

  it('asks for the friend invitation template', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ ...MATCH, subject: 'Rosa wants to be friends on Gardenswap' }));
    renderWithProviders(<FriendInvitationPage />, { path: '/friend-invi', auth: me });
    expect(await screen.findByText('Rosa wants to be friends on Gardenswap')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/mail\/preview\/friend-invitation$/);
  });

  it('says so when the preview cannot be loaded', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ detail: 'x', code: 'INTERNAL' }, 500));
    renderWithProviders(<MatchNotificationPage />, { path: '/match-noti', auth: me });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the e-mail preview.');
  });
});
