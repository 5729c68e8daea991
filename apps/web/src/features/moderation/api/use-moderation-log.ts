import type { ModerationLogEntry } from '@gardenswap/shared/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** GET /moderation/log: the audit log, the newest first. */
export function useModerationLog() {
  return useQuery({ queryKey: moderationKeys.log(), queryFn: () => api<ModerationLogEntry[]>('/moderation/log') });
}
