import {
  PUSH_KINDS,
  PUSH_KIND_TEXTS,
  PUSH_TEXTS,
  type PushKind,
  type PushSettings as Settings,
} from '@gardenswap/shared/push';
import { BellOff, BellRing } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { useTurnOffDevice, useTurnOnDevice } from '../api/use-device-push';
import { useDeviceSubscribed, usePushSettings } from '../api/use-push-settings';
import { useSavePushSwitch } from '../api/use-save-push-switch';
import { type DeviceState, deviceState } from '../api/this-device';
import { failureText } from './failure-text';
import '../push.css';

/** What the member should know about this browser before the switches, if anything. */
const DEVICE_NOTES: Record<DeviceState, string | null> = {
  unsupported: PUSH_TEXTS.unsupported,
  'needs-home-screen': PUSH_TEXTS.iosHint,
  denied: PUSH_TEXTS.denied,
  ready: null,
};

function PushKindSwitch({
  kind,
  settings,
  disabled,
  onSave,
}: {
  kind: PushKind;
  settings: Settings;
  disabled: boolean;
  onSave: (kind: PushKind, on: boolean) => void;
}) {
  const texts = PUSH_KIND_TEXTS[kind];
  const id = `push-${kind}`;
  return (
    <div className="spread">
      <div>
        <p id={id} className="push-switch-label">
          {texts.label}
        </p>
        <p id={`${id}-hint`} className="muted push-switch-hint">
          {texts.hint}
        </p>
      </div>
      <input
        type="checkbox"
        role="switch"
        className="push-switch"
        aria-labelledby={id}
        aria-describedby={`${id}-hint`}
        checked={settings.switches[kind]}
        disabled={disabled}
        onChange={(e) => onSave(kind, e.currentTarget.checked)}
      />
    </div>
  );
}

/** Subscribes or unsubscribes this browser alone. */
function DeviceButton({
  icon,
  label,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button push-device-button" disabled={disabled} onClick={onClick}>
      {icon}
      {label}
    </button>
  );
}

/**
 * The profile's push notifications, beside the e-mail ones: one switch per kind (all off at first).
 * The first switch turned on in a browser that can receive pushes subscribes it; "Turn off on this
 * device" stops this browser alone. Where the browser cannot, a note says why; the switches then
 * steer the member's other devices, if any.
 */
export function PushSettings() {
  const settings = usePushSettings();
  const subscribed = useDeviceSubscribed(settings.data?.public_key);
  const save = useSavePushSwitch();
  const turnOn = useTurnOnDevice();
  const turnOff = useTurnOffDevice();
  // Read again after every attempt: the member may have just blocked notifications.
  const [, setAttempts] = useState(0);
  const data = settings.data;
  if (!data) return null;

  const state = deviceState();
  const busy = save.isPending || turnOn.isPending || turnOff.isPending;
  const canSubscribe = state === 'ready';
  const switchesOff = !canSubscribe && data.devices === 0;
  const anyOn = PUSH_KINDS.some((kind) => data.switches[kind]);
  const after = { onSettled: () => setAttempts((n) => n + 1) };
  const failure = [save, turnOn, turnOff].map((m) => failureText(m.error)).find(Boolean) ?? null;

  return (
    <section className="card stack push-settings" aria-labelledby="push-settings">
      <h2 id="push-settings">{PUSH_TEXTS.title}</h2>
      {DEVICE_NOTES[state] && (
        <p className="push-note" role="note">
          {DEVICE_NOTES[state]}
        </p>
      )}
      <ErrorBanner message={failure} />
      {PUSH_KINDS.map((kind) => (
        <PushKindSwitch
          key={kind}
          kind={kind}
          settings={data}
          disabled={busy || switchesOff}
          onSave={(k, on) => {
            turnOn.reset();
            turnOff.reset();
            save.mutate({ kind: k, on }, after);
          }}
        />
      ))}
      {canSubscribe && subscribed.data === true && (
        <DeviceButton
          icon={<BellOff aria-hidden size={18} />}
          label={PUSH_TEXTS.turnOff}
          disabled={busy}
          onClick={() => {
            save.reset();
            turnOn.reset();
            turnOff.mutate(undefined, after);
          }}
        />
      )}
      {canSubscribe && subscribed.data === false && anyOn && (
        <DeviceButton
          icon={<BellRing aria-hidden size={18} />}
          label={turnOn.isPending ? PUSH_TEXTS.turningOn : PUSH_TEXTS.turnOn}
          disabled={busy}
          onClick={() => {
            save.reset();
            turnOff.reset();
            turnOn.mutate(data, after);
          }}
        />
      )}
    </section>
  );
}
