import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

/** Revokes the session on the server, then forgets it here whatever the server said. */
export function useLogout() {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/auth/logout', { method: 'POST' }).catch(() => undefined),
    onSettled: () => {
      signOut();
      queryClient.clear();
    },
  });
}
