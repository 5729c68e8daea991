import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router';
import { openTappedScreens, startServiceWorker } from './app/service-worker';
import { UpdatePrompt } from './app/update-prompt';
import { UNAUTHORIZED_EVENT } from './lib/api-client';
import { AuthProvider } from './lib/auth-context';
import { captureInstallPrompt } from './lib/install-prompt';
import { OfflineCache } from './lib/offline/offline-cache';
import { createQueryClient } from './lib/query-client';
import { rememberReturnTo } from './lib/return-to';
import './styles/global.css';

// First, before the browser can offer to install the app on its own.
captureInstallPrompt();
startServiceWorker();

function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  useEffect(() => {
    // Any 401: the stored session is gone (the client removed it); forget cached data and sign in again.
    const onUnauthorized = () => {
      queryClient.clear();
      const { pathname, search } = window.location;
      if (pathname !== '/login') {
        rememberReturnTo(`${pathname}${search}`);
        void router.navigate('/login', { replace: true });
      }
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [queryClient, router]);
  useEffect(() => openTappedScreens((path) => void router.navigate(path)), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <OfflineCache>
          <RouterProvider router={router} />
        </OfflineCache>
        <UpdatePrompt />
      </AuthProvider>
    </QueryClientProvider>
  );
}

// A transition, so the first render yields to the browser between components instead of holding it.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
