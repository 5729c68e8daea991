import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SiteInfo {
  contact_email: string;
  /** The operator's map tiles, or null: the map draws the outlines that ship with it. */
  map_tiles: { url: string; attribution: string } | null;
}

/** Public facts about this Gardenswap (the contact address of the home page). */
export function useSite() {
  return useQuery({ queryKey: ['site'], queryFn: () => api<SiteInfo>('/site'), staleTime: Infinity });
}
