import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { buildListing, mockApi } from '../../../test/api-stubs';
import { ListingCardMessage } from './listing-card-message';

const me = { id: 1, username: 'gardener' };

describe('the listing card in a message', () => {
  it('shows the photo, title and giveaway of a listing the reader may see', async () => {
    mockApi({ 'GET /api/listings/5': json(buildListing({ id: 5, title: 'Zucchini', type_id: 3, price: 0 })) });
    renderWithProviders(<ListingCardMessage listingId={5} />, { auth: me });
    const card = await screen.findByRole('link', { name: /Zucchini/ });
    expect(card).toHaveAttribute('href', '/listings/5');
    expect(card).toHaveTextContent('giveaway');
  });

  it('says the listing is no longer available when the reader can no longer see it', async () => {
    mockApi({ 'GET /api/listings/5': json({ detail: 'Listing not found', code: 'NOT_FOUND' }, 404) });
    renderWithProviders(<ListingCardMessage listingId={5} />, { auth: me });
    expect(await screen.findByText('This listing is no longer available')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
