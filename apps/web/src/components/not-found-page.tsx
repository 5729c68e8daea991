import { Link } from 'react-router';

/** Any unknown address: the spec's "Page Not Found" with a way home. */
export function NotFoundPage() {
  return (
    <main className="centered-page" id="main">
      <h1>Page Not Found</h1>
      <p>The page you were looking for isn't here.</p>
      <Link className="button button-primary" to="/">
        Go to Home
      </Link>
    </main>
  );
}
