import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

/**
 * Revokes the session on the server (which drops this device's push subscription with it) and
 * stops the browser's subscription, then forgets the session here whatever the server said.
 */
export function useLogout() {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await Promise.all([
        // Loaded here only, so the pages offering Logout do not carry it from the start.
        import('../../../lib/push-device').then((m) => m.dropPushSubscription()),
        api<void>('/auth/logout', { method: 'POST' }).catch(() => undefined),
      ]);
    },
    onSettled: () => {
      signOut();
      queryClient.clear();
    },
  });
}
