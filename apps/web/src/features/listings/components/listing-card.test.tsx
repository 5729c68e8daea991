import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildListing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ListingCard } from './listing-card';

const year = new Date().getFullYear();
const show = (overrides: Parameters<typeof buildListing>[0]) =>
  renderWithProviders(<ListingCard listing={buildListing(overrides)} />);

describe('a seed lot on its card', () => {
  it('shows the compact line of what its member said', () => {
    show({
      title: 'Tomato seeds',
      category_id: 2,
      variety: 'Brandywine',
      packed_year: year - 1,
      pollination: 'heirloom',
      organic: true,
      quantity: '2 packets',
      can_mail: true,
    });
    expect(screen.getByText(`Heirloom · organic · packed ${year - 1} · can mail`)).toBeInTheDocument();
    expect(screen.queryByText(/germination/)).not.toBeInTheDocument();
  });

  it('leaves out what was not said, and "don\'t know"', () => {
    show({
      title: 'Bean seeds',
      category_id: 2,
      pollination: 'unknown',
      organic: false,
      can_mail: false,
      packed_year: year,
    });
    expect(screen.getByText(`packed ${year}`)).toBeInTheDocument();
    expect(screen.queryByText(/Don't know|organic|can mail/)).not.toBeInTheDocument();
  });

  it('hints at a germination test for seed packed longer ago than its crop usually keeps', () => {
    show({ title: 'Cherry tomato seeds', category_id: 2, packed_year: year - 8, can_mail: true });
    expect(screen.getByText(`packed ${year - 8} · can mail`)).toBeInTheDocument();
    expect(screen.getByText(SEED_TEXTS.germinationHintShort('Tomato', 4))).toBeInTheDocument();
  });

  it('finds the crop in the variety when the title names none', () => {
    show({ title: 'Seeds from my garden', category_id: 2, variety: 'Walla Walla onion', packed_year: year - 3 });
    expect(screen.getByText(SEED_TEXTS.germinationHintShort('Onion', 1))).toBeInTheDocument();
  });

  it('shows nothing of seeds for a seed listing from before seed lots, or for produce', () => {
    const { unmount } = show({ title: 'Old tomato seeds', category_id: 2 });
    expect(screen.queryByText(/packed|germination/)).not.toBeInTheDocument();
    unmount();
    show({ title: 'Tomatoes', category_id: 1 });
    expect(screen.queryByText(/packed|germination/)).not.toBeInTheDocument();
  });
});
