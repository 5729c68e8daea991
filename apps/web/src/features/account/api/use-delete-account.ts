import type { DeleteAccountInput } from '@gardenswap/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

/** Where the app lands once the account is gone. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/** POST /account/delete {password}; once done, forgets the session here and says the account is gone. */
export function useDeleteAccount() {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<void>('/account/delete', { method: 'POST', json: input }),
    onSuccess: () => {
      // Together, in one render: the page leaves /profile as the session ends, so no guard sends it to /login.
      navigate(ACCOUNT_DELETED_PATH, { replace: true });
      signOut();
      queryClient.clear();
    },
  });
}
