import type { RenewLinkListing } from '@gardenswap/shared/fresh-listings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const renewLinkKeys = { link: (token: string) => ['renew-link', token] as const };

/** GET /listings/renew/link: the listing an e-mail's renew link is about. Renews nothing. */
export const getRenewLink = (token: string) => api<RenewLinkListing>('/listings/renew/link', { query: { token } });

export function useRenewLink(token: string) {
  return useQuery({
    queryKey: renewLinkKeys.link(token),
    queryFn: () => getRenewLink(token),
    enabled: token !== '',
    // A link does not change: asked once per visit, and a refused one is not asked again.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
