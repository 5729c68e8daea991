// Kept apart from the schemas of swaps.ts, so a screen that only shows these texts does not
// load and build every schema (zod) with them.

/** Texts of the "Swaps for you" section and badge. */
export const SWAP_TEXTS = {
  sectionTitle: 'Swaps for you',
  sectionIntro: 'Members who have something on your want list and want something you have listed.',
  none: 'No swaps yet. Add to your want list and list what you grow: when someone nearby has what you want and wants what you have, they show up here.',
  loadFailed: "Swaps couldn't be loaded.",
  theyHave: 'They have:',
  theyWant: 'They want: your',
  badge: 'Swap for you',
} as const;
