import type { RenewLinkListing } from '@gardenswap/shared/fresh-listings';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /listings/renew: renews the link's listing without signing in; the server checks its signed token again. */
export const renewByLink = (token: string) =>
  api<RenewLinkListing>('/listings/renew', { method: 'POST', query: { token } });

export const useRenewByLink = (token: string) => useMutation({ mutationFn: () => renewByLink(token) });
