import { SESSION_ACTIVE_MS, SESSION_TEXTS } from '@gardenswap/shared/sessions';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** "Active now" for a session used in the last few minutes, else "2 hours ago", "3 days ago". */
export function lastSeenLabel(iso: string, now = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < SESSION_ACTIVE_MS) return SESSION_TEXTS.activeNow;
  const [unit, size] = UNITS.find(([, ms]) => ago >= ms) ?? UNITS[UNITS.length - 1]!;
  return relative.format(-Math.floor(ago / size), unit);
}

/** "Signed in Nov 20, 2026". */
export function signedInLabel(iso: string): string {
  const date = new Date(iso).toLocaleDateString([], { month: 'short', day: 'numeric', year: 'numeric' });
  return `Signed in ${date}`;
}
