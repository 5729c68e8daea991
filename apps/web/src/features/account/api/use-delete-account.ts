import type { DeleteAccountInput } from '@gardenswap/shared/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearAuth } from '../../../lib/auth-storage';
import { dropPushSubscription } from '../../../lib/push-device';
import { markSignedOut } from '../../../lib/return-to';

/** Where the app lands once the account is gone. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/** Test seam: how the app leaves the page once the account is deleted. */
export const leave = { to: (path: string) => window.location.replace(path) };

/**
 * POST /account/delete {password}. Once done the session is forgotten here and the app starts
 * over, signed out, on the page that says the account was deleted: a fresh load leaves behind
 * every request, poll and socket that still carried the ended session (any of them answering 401
 * would otherwise send the member to /login instead).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<void>('/account/delete', { method: 'POST', json: input }),
    onSuccess: async () => {
      markSignedOut();
      clearAuth();
      // The server removed the account's subscriptions; the browser stops listening too.
      await dropPushSubscription();
      leave.to(ACCOUNT_DELETED_PATH);
    },
  });
}
