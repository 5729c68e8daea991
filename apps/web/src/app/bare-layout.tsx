import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../components/feedback';

/** Pages outside the signed-in shell (home, login, e-mail previews, 404). */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<Loading />}>
      <Outlet key={pathname === '/' ? 'home' : 'page'} />
    </Suspense>
  );
}
