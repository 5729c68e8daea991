import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SiteInfo {
  contact_email: string;
}

/** Public facts about this Gardenswap (the contact address of the home page). */
export function useSite() {
  return useQuery({ queryKey: ['site'], queryFn: () => api<SiteInfo>('/site'), staleTime: Infinity });
}
