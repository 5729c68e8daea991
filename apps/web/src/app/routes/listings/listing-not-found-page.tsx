import { SearchX } from 'lucide-react';
import { Link } from 'react-router';

/** Where a missing (or hidden) listing leads: say so kindly and offer a way on. */
export default function ListingNotFoundPage() {
  return (
    <main className="centered-page" id="main">
      <SearchX aria-hidden size={56} color="var(--green-700)" />
      <h1>Listing not found</h1>
      <p className="muted">This listing was removed, or it is not shared with you.</p>
      <div className="row" style={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <Link className="button button-primary" to="/listings">
          Browse the marketplace
        </Link>
        <Link className="button" to="/">
          Go to Home
        </Link>
      </div>
    </main>
  );
}
