// Kept apart from the schemas of fresh-listings.ts, so a card that only shows a listing's age
// does not load and build every schema (zod) with it.

/** Texts of renewing a listing and of a listing paused because nobody renewed it. */
export const FRESH_TEXTS = {
  stillAvailable: 'Still available',
  renewing: 'Renewing...',
  renewed: 'Renewed: your listing shows as fresh again',
  renewFailed: 'Could not renew the listing. Please try again.',
  pausedNotRenewed: 'Paused: not renewed',
  pausedNotRenewedHint: 'Nobody confirmed it was still available, so it paused itself. Reactivate it to show it again.',
  reactivate: 'Reactivate',
  askNotification: (title: string) => `Is “${title}” still available? Renew it so buyers know it is fresh.`,
  pausedNotification: (title: string) => `“${title}” was paused because it was not renewed. Reactivate it any time.`,
  goneRefused: 'A listing that is gone cannot be renewed',
  linkInvalid: 'This renew link is not valid or has expired. Sign in to renew the listing from the app.',
  linkRenewedTitle: 'Listing renewed',
  linkRenewed: (title: string) => `“${title}” shows as fresh again. We will ask you again later.`,
  // The page the e-mail's renew link opens: it asks, and only its button renews.
  linkChecking: 'Checking the link...',
  linkQuestion: (title: string) => `Is “${title}” still available?`,
  linkHint: 'If it is, renew it: it shows as fresh again, and shows again if it paused itself.',
  linkGone: 'Gone already? Open the listing',
  linkFailedTitle: 'This link did not work',
  linkRetry: 'Try again',
  seeListing: 'See your listing',
  openApp: 'Open Gardenswap',
} as const;

const DAY_MS = 24 * 60 * 60_000;

/**
 * How old a listing reads on its card and page: "listed today", "listed 3 days ago", or
 * "renewed 2 days ago" once its owner said it is still available (the date that tells a buyer
 * how fresh it is). Calendar days are not counted: whole 24-hour spans since the date.
 */
export function listingAgeText(listing: { created_at: string; renewed_at: string | null }, now = Date.now()) {
  const verb = listing.renewed_at ? 'renewed' : 'listed';
  const since = new Date(listing.renewed_at ?? listing.created_at).getTime();
  const days = Math.max(0, Math.floor((now - since) / DAY_MS));
  if (days === 0) return `${verb} today`;
  if (days === 1) return `${verb} yesterday`;
  return `${verb} ${days} days ago`;
}
