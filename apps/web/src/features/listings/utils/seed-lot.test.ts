import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { SEED_VIABILITY, cropOf, germinationHint, oldSeed } from '@gardenswap/shared/seed-viability';
import { describe, expect, it } from 'vitest';
import { seedLotLine } from './seed-lot';

const lot = (title: string, packed_year: number | null, variety: string | null = null) => ({
  title,
  variety,
  packed_year,
});

describe('how long seed keeps (the cited table)', () => {
  it("knows the table's crops by their names and plurals", () => {
    expect(cropOf(lot('Onion seeds', null))).toMatchObject({ crop: 'Onion', years: 1 });
    expect(cropOf(lot('Parsnips, hollow crown', null))).toMatchObject({ crop: 'Parsnip', years: 1 });
    expect(cropOf(lot('Heirloom TOMATOES', null))).toMatchObject({ crop: 'Tomato', years: 4 });
    expect(cropOf(lot('Zucchini seeds', null))).toMatchObject({ crop: 'Squash' });
    expect(cropOf(lot('Mixed seeds', null, 'Jalapeño chili'))).toMatchObject({ crop: 'Pepper' });
    expect(cropOf(lot('Chile seed mix: Anaheim, jalapeño, poblano', null))).toMatchObject({ crop: 'Pepper' });
    // Every crop of the table is known by at least its own name.
    for (const entry of SEED_VIABILITY.filter((e) => e.crop))
      expect(cropOf(lot(`${entry.names[0]} seeds`, null))).toBe(entry);
  });

  it('takes the crop named first, the longer name where two begin at one word', () => {
    expect(cropOf(lot('Tomato and pepper mix', null))?.crop).toBe('Tomato');
    expect(cropOf(lot('Pepper and tomato mix', null))?.crop).toBe('Pepper');
    expect(cropOf(lot('Chinese cabbage seeds', null))?.crop).toBe('Chinese cabbage');
    expect(cropOf(lot('New Zealand spinach', null))?.crop).toBe('New Zealand spinach');
    expect(cropOf(lot('Tomato seeds', null, 'Moonglow lettuce'))?.crop).toBe('Tomato');
  });

  it('knows no crop in a name that only looks like one', () => {
    expect(cropOf(lot('Sweet pea seeds', null))).toBeUndefined();
    expect(cropOf(lot('Tomatillo seeds', null))).toBeUndefined();
    expect(cropOf(lot('Popcorn kernels', null))).toBeUndefined();
    expect(cropOf(lot('Brandywine', null, 'Brandywine'))).toBeUndefined();
  });

  it('hints once the lot is older than its crop usually keeps, never before, never without a year', () => {
    expect(oldSeed(lot('Tomato seeds', 2021), 2025)).toBeUndefined();
    expect(oldSeed(lot('Tomato seeds', 2020), 2025)).toEqual({ crop: 'Tomato', years: 4, packedYear: 2020 });
    expect(oldSeed(lot('Onion seeds', 2024), 2025)).toBeUndefined();
    expect(oldSeed(lot('Onion seeds', null), 2040)).toBeUndefined();
    expect(germinationHint(lot('Tomato seeds', 2017), 2025)).toBe(
      'Tomato seeds usually keep about 4 years; these were packed in 2017 — a germination test first may help.',
    );
    expect(germinationHint(lot('Onion seeds', 2022), 2025)).toBe(SEED_TEXTS.germinationHint('Onion', 1, 2022));
    expect(SEED_TEXTS.germinationHint('Onion', 1, 2022)).toContain('about 1 year;');
  });
});

describe("a seed lot's line", () => {
  const none = { variety: null, packed_year: null, pollination: null, organic: null, quantity: null, can_mail: null };
  it('says only what is known, in one order', () => {
    expect(seedLotLine(none)).toBeUndefined();
    expect(seedLotLine({ ...none, pollination: 'open_pollinated', can_mail: true })).toBe('Open-pollinated · can mail');
    expect(seedLotLine({ ...none, pollination: 'hybrid', organic: true, packed_year: 2023 })).toBe(
      'Hybrid · organic · packed 2023',
    );
  });
});
