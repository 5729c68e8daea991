import type { ReportGroup } from '@gardenswap/shared/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** GET /moderation/reports: open reports grouped by target, the newest first. */
export function useReportGroups() {
  return useQuery({ queryKey: moderationKeys.reports(), queryFn: () => api<ReportGroup[]>('/moderation/reports') });
}
