import type { PushSettings } from '@gardenswap/shared/push';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pushKeys } from './keys';
import { deviceSubscribed } from './this-device';

/** GET /push/settings: the member's switches, the key to subscribe with, and their devices. */
export function usePushSettings(enabled = true) {
  return useQuery({ queryKey: pushKeys.settings(), queryFn: () => api<PushSettings>('/push/settings'), enabled });
}

/** Whether this browser receives pushes from this server (once its key is known). */
export function useDeviceSubscribed(publicKey: string | undefined) {
  return useQuery({
    queryKey: [...pushKeys.device(), publicKey],
    queryFn: () => deviceSubscribed(publicKey!),
    enabled: publicKey !== undefined,
  });
}
