import type { ForgotPasswordInput, LoginResult, ResetPasswordInput } from '@gardenswap/shared';
import { api } from '../../../lib/api-client';

/** POST /auth/password/forgot: the same answer whether the address is a member's or not. */
export function forgotPassword(input: ForgotPasswordInput) {
  return api<{ detail: string }>('/auth/password/forgot', { method: 'POST', json: input });
}

/** POST /auth/password/reset: sets the new password from the e-mailed link and signs the member in. */
export function resetPassword(input: ResetPasswordInput) {
  return api<LoginResult>('/auth/password/reset', { method: 'POST', json: input });
}
