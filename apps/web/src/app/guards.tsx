import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { rememberReturnTo } from '../lib/return-to';

/** Everything but / and /login needs a session; a guest goes to /login and comes back after. */
export function RequireAuth() {
  const { auth } = useAuth();
  const location = useLocation();
  if (!auth) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    rememberReturnTo(from);
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}

/**
 * /login is for guests: a member who arrives signed in lands on My listings. One who signs in
 * here is sent on by the login page itself (to onboarding, or back where they were going).
 */
export function GuestOnly() {
  const { auth } = useAuth();
  const [signedInOnArrival] = useState(() => auth !== null);
  if (signedInOnArrival) return <Navigate to="/my-listings" replace />;
  return <Outlet />;
}
