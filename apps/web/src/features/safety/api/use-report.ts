import type { Report, ReportInput } from '@gardenswap/shared/safety';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /reports: a listing, a message or a member, with a reason, for the moderators. */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api<Report>('/reports', { method: 'POST', json: input }),
  });
}
