import type { UnsubscribeLink } from '@gardenswap/shared/email-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const unsubscribeLinkKeys = { link: (token: string) => ['unsubscribe-link', token] as const };

/** GET /mail/unsubscribe/link: what an e-mail's unsubscribe link turns off. Turns nothing off. */
export const getUnsubscribeLink = (token: string) =>
  api<UnsubscribeLink>('/mail/unsubscribe/link', { query: { token } });

export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: unsubscribeLinkKeys.link(token),
    queryFn: () => getUnsubscribeLink(token),
    enabled: token !== '',
    // A link does not change: asked once per visit, and a refused one is not asked again.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
