import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, Navigate, type RouteObject, createBrowserRouter, useParams } from 'react-router';
import { Loading } from '../components/feedback';
import { NotFoundPage } from '../components/not-found-page';
import { RouteError } from '../components/route-error';
import { GuestOnly, RequireAuth } from './guards';
import { BareLayout } from './bare-layout';

/** A code-split page: its module loads when the route is first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/**
 * The marketplace's listings request leaves as the page opens, beside the page's code rather
 * than after it (it decides the largest picture on the page). Nothing is awaited: the page
 * shows its loading state as before, and its own query finds the request under way.
 */
const prefetchMarketplace =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    import('../features/listings/api/prefetch-marketplace')
      .then((m) => m.prefetchMarketplace(queryClient, params))
      // The page asks for itself when it renders; a chunk that did not load changes nothing.
      .catch(() => undefined);
    return null;
  };

function LegacyListingRedirect() {
  const { id } = useParams();
  return <Navigate to={`/listings/${id}`} replace />;
}

function LegacyEditRedirect() {
  const { id } = useParams();
  return <Navigate to={`/listings/${id}/edit`} replace />;
}

export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <BareLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      { path: '/', lazy: page(() => import('./routes/home/home-page')) },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', lazy: page(() => import('./routes/auth/login-page')) },
          { path: '/forgot-password', lazy: page(() => import('./routes/auth/forgot-password-page')) },
        ],
      },
      // Not for guests only: an e-mailed link must work in a browser where someone is still signed in.
      { path: '/reset-password', lazy: page(() => import('./routes/auth/reset-password-page')) },
      { path: '/confirm-email', lazy: page(() => import('./routes/profile/confirm-email-page')) },
      // An e-mail's links open pages that ask first: only their button unsubscribes or renews.
      { path: '/unsubscribe', lazy: page(() => import('./routes/emails/unsubscribe-page')) },
      { path: '/renew', lazy: page(() => import('./routes/emails/renew-page')) },
      // Signed out by then: deleting the account ended the session.
      { path: '/account-deleted', lazy: page(() => import('./routes/account/account-deleted-page')) },
      { path: '/not-found', lazy: page(() => import('./routes/listings/listing-not-found-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/personal-info', lazy: page(() => import('./routes/auth/personal-info-page')) },
          { path: '/invite-your-friends', lazy: page(() => import('./routes/auth/invite-page')) },
          { path: '/match-noti', lazy: page(() => import('./routes/emails/match-notification-page')) },
          { path: '/friend-invi', lazy: page(() => import('./routes/emails/friend-invitation-page')) },
          {
            lazy: page(() => import('./layouts')),
            children: [
              { path: '/my-listings', lazy: page(() => import('./routes/listings/my-listings-page')) },
              // Legacy addresses of the earlier app keep working.
              { path: '/my-listings-old', element: <Navigate to="/my-listings" replace /> },
              { path: '/my-listings/:id', element: <LegacyListingRedirect /> },
              { path: '/editlisting/:id', element: <LegacyEditRedirect /> },
              {
                path: '/listings',
                loader: prefetchMarketplace(queryClient),
                lazy: page(() => import('./routes/listings/marketplace-page')),
              },
              { path: '/listings/new', lazy: page(() => import('./routes/listings/new-listing-page')) },
              { path: '/listings/:id', lazy: page(() => import('./routes/listings/listing-detail-page')) },
              { path: '/listings/:id/edit', lazy: page(() => import('./routes/listings/edit-listing-page')) },
              { path: '/filter-page', lazy: page(() => import('./routes/listings/filter-page')) },
              { path: '/post-want', lazy: page(() => import('./routes/wants/post-want-page')) },
              { path: '/profile', lazy: page(() => import('./routes/profile/profile-page')) },
              {
                path: '/notifications',
                lazy: page(() => import('./routes/notifications/notifications-page')),
              },
              { path: '/myfriends', lazy: page(() => import('./routes/friends/friends-page')) },
              { path: '/seller/:id', lazy: page(() => import('./routes/friends/seller-page')) },
              { path: '/messages', lazy: page(() => import('./routes/messages/messages-page')) },
              { path: '/messages/:otherId', lazy: page(() => import('./routes/messages/chat-page')) },
              { path: '/have-want-search', lazy: page(() => import('./routes/search/have-want-search-page')) },
              { path: '/friend-search', lazy: page(() => import('./routes/search/friend-search-page')) },
              { path: '/trades', lazy: page(() => import('./routes/trade/trades-page')) },
              { path: '/events', lazy: page(() => import('./routes/events/events-page')) },
              { path: '/events/new', lazy: page(() => import('./routes/events/new-event-page')) },
              { path: '/events/:id', lazy: page(() => import('./routes/events/event-page')) },
              { path: '/events/:id/edit', lazy: page(() => import('./routes/events/edit-event-page')) },
              { path: '/moderation', lazy: page(() => import('./routes/moderation/moderation-page')) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
