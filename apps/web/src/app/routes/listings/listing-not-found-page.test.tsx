import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import ListingNotFoundPage from './listing-not-found-page';

describe('Listing not found', () => {
  it('says so and offers the marketplace and home', () => {
    renderWithProviders(<ListingNotFoundPage />, { route: '/not-found', path: '/not-found' });
    expect(screen.getByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute('href', '/listings');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
