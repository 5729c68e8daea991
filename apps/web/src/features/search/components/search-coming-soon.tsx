import { Link } from 'react-router';
import type { ReactNode } from 'react';

/** What a search screen honestly shows until search applies: no results, and where to look instead. */
export function SearchComingSoon({ children }: { children?: ReactNode }) {
  return (
    <div className="empty-state search-coming-soon" role="status">
      <p>
        Search is coming soon. Meanwhile, <Link to="/listings">browse the marketplace</Link>.
      </p>
      {children}
    </div>
  );
}
