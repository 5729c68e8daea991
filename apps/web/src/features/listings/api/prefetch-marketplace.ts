import type { QueryClient } from '@tanstack/react-query';
import { readAuth } from '../../../lib/auth-storage';
import { readMarketplace } from '../utils/marketplace-filter';
import { prefetchListings } from './use-listings';

/**
 * Asks for the listings a marketplace address shows, so the request leaves while the page's
 * own code is still loading (the router calls this as the page opens). Only for a signed-in
 * member: a guest is sent to sign in, and a request without a session would only be refused.
 */
export function prefetchMarketplace(queryClient: QueryClient, params: URLSearchParams) {
  const { list } = readMarketplace(params);
  if (!list || !readAuth()) return;
  void prefetchListings(queryClient, list);
}
