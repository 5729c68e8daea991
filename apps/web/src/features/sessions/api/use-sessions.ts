import type { Session, SignOutOthersResult } from '@gardenswap/shared/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sessionKeys = { all: ['sessions'] as const };

/** GET /auth/sessions: where the member is signed in, this device first. */
export function useSessions() {
  return useQuery({ queryKey: sessionKeys.all, queryFn: () => api<Session[]>('/auth/sessions') });
}

/** DELETE /auth/sessions/{id}: signs one other session out; the list is read again either way. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/auth/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** POST /auth/sessions/sign-out-others: every session but this one; the list is read again either way. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<SignOutOthersResult>('/auth/sessions/sign-out-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
