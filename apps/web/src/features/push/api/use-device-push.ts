import type { PushSettings, PushUnsubscribeInput } from '@gardenswap/shared/push';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { currentPushSubscription } from '../../../lib/push-device';
import { pushKeys } from './keys';
import { subscribeThisDevice } from './this-device';

/** Subscribes this browser, leaving the switches as they are (they already say what to push). */
export function useTurnOnDevice() {
  const queryClient = useQueryClient();
  const me = useMe();
  return useMutation({
    mutationFn: (settings: PushSettings) => subscribeThisDevice(settings.public_key, me.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

/** "Turn off on this device": DELETE /push/subscriptions {endpoint}, and the browser forgets it. */
export function useTurnOffDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentPushSubscription();
      if (!subscription) return;
      const input: PushUnsubscribeInput = { endpoint: subscription.endpoint };
      await api<void>('/push/subscriptions', { method: 'DELETE', json: input });
      await subscription.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

/** The prompt's "Turn on": subscribes this browser and switches message pushes on. */
export function useTurnOnMessagePushes() {
  const queryClient = useQueryClient();
  const me = useMe();
  return useMutation({
    mutationFn: async (settings: PushSettings) => {
      await subscribeThisDevice(settings.public_key, me.id);
      return api<PushSettings>('/push/settings', { method: 'PATCH', json: { messages: true } });
    },
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}
