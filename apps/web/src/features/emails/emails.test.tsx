import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import FriendInvitationPage from './friend-invitation-page';
import MatchNotificationPage from './match-notification-page';

const me = { id: 1, username: 'maria' };

describe('e-mail previews', () => {
  it('shows the match e-mail: "You got a match" with a sample want and listing', () => {
    renderWithProviders(<MatchNotificationPage />, { path: '/match-noti', auth: me });
    expect(screen.getByRole('note')).toHaveTextContent(/^Preview of the e-mail/);
    const email = screen.getByRole('article');
    expect(within(email).getByRole('heading', { level: 1, name: 'You got a match' })).toBeInTheDocument();
    expect(within(email).getByText('tomato')).toBeInTheDocument();
    expect(within(email).getByText('Cherry tomatoes')).toBeInTheDocument();
    expect(within(email).getByText('Unsubscribe')).toBeInTheDocument();
  });

  it("shows the friend invitation with a button to the sample member's profile", () => {
    renderWithProviders(<FriendInvitationPage />, { path: '/friend-invi', auth: me });
    expect(screen.getByRole('note')).toHaveTextContent(/^Preview of the e-mail/);
    const email = screen.getByRole('article');
    expect(
      within(email).getByRole('heading', { level: 1, name: 'Rosa invited you to be friends' }),
    ).toBeInTheDocument();
    expect(within(email).getByText("See Rosa's profile")).toBeInTheDocument();
    expect(within(email).getByText('Unsubscribe')).toBeInTheDocument();
  });

  it('acts on nothing: a preview has no live links inside the e-mail', () => {
    renderWithProviders(<MatchNotificationPage />, { path: '/match-noti', auth: me });
    expect(within(screen.getByRole('article')).queryAllByRole('link')).toHaveLength(0);
  });
});
