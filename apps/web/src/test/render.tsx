import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AuthProvider } from '../lib/auth-context';
import { writeAuth } from '../lib/auth-storage';

export interface RenderOptions {
  /** The address the page is opened at. */
  route?: string;
  /** The route pattern the element is mounted under (e.g. '/listings/:id'). */
  path?: string;
  /** Sign in as this member first (a fake token; the API is stubbed at fetch level). */
  auth?: { id: number; username: string };
  /** Extra routes to land on after navigation, each rendering its path as text. */
  otherPaths?: string[];
  /** Runs after storage is reset and before the first render (to seed session state). */
  beforeRender?: () => void;
  /** The cache to render with, e.g. one holding what another screen read earlier. */
  queryClient?: QueryClient;
}

/** Renders a page with the app's providers and a memory router, the way the app mounts it. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  localStorage.clear();
  sessionStorage.clear();
  if (options.auth) writeAuth('test-token', options.auth);
  options.beforeRender?.();
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...(options.otherPaths ?? []).map((p) => ({ path: p, element: <p>Navigated to {p}</p> })),
      { path: '*', element: <p>Navigated elsewhere</p> },
    ],
    { initialEntries: [options.route ?? path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A JSON Response for fetch stubs. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
