/** The Gardenswap mark and name. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden>
        <circle cx="32" cy="32" r="30" fill="#1d6b2f" />
        <path d="M32 50c0-14 4-24 16-30-2 14-7 22-16 30z" fill="#9fd08a" />
        <path d="M32 50c0-10-3-18-13-22 1 11 5 18 13 22z" fill="#cfe8c2" />
      </svg>
      <span className="logo-text">Gardenswap</span>
    </span>
  );
}
