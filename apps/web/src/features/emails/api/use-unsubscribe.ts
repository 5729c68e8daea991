import type { UnsubscribeLink } from '@gardenswap/shared/email-settings';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /mail/unsubscribe: turns off what the link says; the server checks its signed token again. */
export const unsubscribe = (token: string) =>
  api<UnsubscribeLink>('/mail/unsubscribe', { method: 'POST', query: { token } });

export const useUnsubscribe = (token: string) => useMutation({ mutationFn: () => unsubscribe(token) });
