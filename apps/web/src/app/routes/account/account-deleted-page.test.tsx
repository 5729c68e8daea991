import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AccountDeletedPage from './account-deleted-page';

describe('account deleted page', () => {
  it('says the account was deleted, what stays with others, and leads home, signed out', () => {
    renderWithProviders(<AccountDeletedPage />, { route: '/account-deleted', path: '/account-deleted' });
    expect(screen.getByRole('heading', { name: 'Account deleted' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_TEXTS.accountDeleted);
    expect(screen.getByText(/still see your messages, from “Deleted member”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
