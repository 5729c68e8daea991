import type { ChangeEmailInput, ChangePasswordInput, ConfirmEmailResult, LinkSent } from '@gardenswap/shared/account';
import type { LoginResult } from '@gardenswap/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { profileKeys } from '../../../lib/query-keys';

/** POST /auth/email/confirm: uses an e-mailed link, signed in or not. */
export function confirmEmail(token: string) {
  return api<ConfirmEmailResult>('/auth/email/confirm', { method: 'POST', json: { token } });
}

/** The mutations of this file all change what the profile says, so each reloads it when done. */
function useProfileMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.me }),
  });
}

/** POST /auth/email/confirmation: a fresh link to the member's unconfirmed address. */
export const useResendConfirmation = () =>
  useProfileMutation(() => api<LinkSent>('/auth/email/confirmation', { method: 'POST' }));

/** POST /auth/email/change: a link to the new address; the change waits for it. */
export const useChangeEmail = () =>
  useProfileMutation((input: ChangeEmailInput) => api<LinkSent>('/auth/email/change', { method: 'POST', json: input }));

/** POST /auth/email/change/resend: a fresh link to the pending new address. */
export const useResendEmailChange = () =>
  useProfileMutation(() => api<LinkSent>('/auth/email/change/resend', { method: 'POST' }));

/** DELETE /auth/email/change: the pending address is dropped and its links stop working. */
export const useCancelEmailChange = () =>
  useProfileMutation(() => api<void>('/auth/email/change', { method: 'DELETE' }));

/**
 * POST /auth/password/change: every other session ends; this one goes on with the fresh token
 * the answer carries, stored at once (the old one no longer passes).
 */
export function useChangePassword() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api<LoginResult>('/auth/password/change', { method: 'POST', json: input }),
    onSuccess: (result) => signIn(result.access_token, result.user),
  });
}
