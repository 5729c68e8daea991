import type { Thread } from '@gardenswap/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** GET /messages: my conversations, newest first. */
export function useThreads() {
  return useQuery({
    queryKey: messageKeys.threads(),
    queryFn: ({ signal }) => api<Thread[]>('/messages', { signal }),
  });
}
