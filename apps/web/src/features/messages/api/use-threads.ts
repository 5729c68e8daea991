import type { Thread } from '@gardenswap/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveReady } from '../../../lib/socket';
import { messageKeys } from './keys';

/** GET /messages: my conversations, newest first, read once the live connection has joined. */
export function useThreads() {
  return useQuery({
    queryKey: messageKeys.threads(),
    queryFn: ({ signal }) => api<Thread[]>('/messages', { signal }),
    enabled: useLiveReady(),
  });
}
