import type { PushKind, PushSettings, PushSwitchesInput } from '@gardenswap/shared/push';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { pushKeys } from './keys';
import { deviceState, deviceSubscribed, subscribeThisDevice } from './this-device';

/** Writes one switch into the cached settings, leaving the others as they are. */
function withSwitch(settings: PushSettings | undefined, kind: PushKind, on: boolean): PushSettings | undefined {
  return settings && { ...settings, switches: { ...settings.switches, [kind]: on } };
}

/**
 * PATCH /push/settings {kind}: the switch flips at once (optimistic) and back when it fails.
 * Turning one on in a browser that can receive pushes but is not subscribed subscribes it first
 * (permission, push service, POST /push/subscriptions).
 */
export function useSavePushSwitch() {
  const queryClient = useQueryClient();
  const me = useMe();
  return useMutation({
    mutationFn: async ({ kind, on }: { kind: PushKind; on: boolean }) => {
      const settings = queryClient.getQueryData<PushSettings>(pushKeys.settings());
      if (on && settings && deviceState() === 'ready' && !(await deviceSubscribed(settings.public_key))) {
        await subscribeThisDevice(settings.public_key, me.id);
        void queryClient.invalidateQueries({ queryKey: pushKeys.device() });
      }
      const input: PushSwitchesInput = { [kind]: on };
      return api<PushSettings>('/push/settings', { method: 'PATCH', json: input });
    },
    onMutate: async ({ kind, on }) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.settings() });
      queryClient.setQueryData<PushSettings>(pushKeys.settings(), (s) => withSwitch(s, kind, on));
    },
    onError: (_error, { kind, on }) => {
      queryClient.setQueryData<PushSettings>(pushKeys.settings(), (s) => withSwitch(s, kind, !on));
    },
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings(), settings),
  });
}
