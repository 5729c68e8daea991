import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** A page that failed to load or render: a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A deploy replaced the page's chunk while this tab was open: a reload fetches the new one.
  const stale =
    error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main className="centered-page" id="main">
      <h1>Something went wrong</h1>
      <p>{stale ? 'A newer version of Gardenswap is available.' : 'This page could not be shown.'}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
      <Link to="/">Go to Home</Link>
    </main>
  );
}
