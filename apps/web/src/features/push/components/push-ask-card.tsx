import { PUSH_TEXTS } from '@gardenswap/shared/push';
import { BellRing } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTurnOnMessagePushes } from '../api/use-device-push';
import { usePushSettings } from '../api/use-push-settings';
import { deviceState } from '../api/this-device';
import { failureText } from './failure-text';
import '../push.css';

/** The member answered "Not now": the card does not ask again on this device. */
const DISMISSED = 'gardenswap.pushAskDismissed';

/** Whether to ask: this browser can receive pushes, has never been asked, and was not told "Not now". */
const worthAsking = () =>
  deviceState() === 'ready' && Notification.permission === 'default' && localStorage.getItem(DISMISSED) === null;

/**
 * "Get notified on this device?", in a chat once the member has sent a message there (after it, in
 * the conversation's scroll): the moment an answer is worth hearing about. "Turn on" subscribes this
 * browser and switches message pushes on; "Not now" puts the card away for good on this device.
 */
export function PushAskCard() {
  const [asking] = useState(worthAsking);
  const [done, setDone] = useState(false);
  const settings = usePushSettings(asking);
  const turnOn = useTurnOnMessagePushes();
  const card = useRef<HTMLElement>(null);
  const data = settings.data;
  // Blocked at the browser's question: nothing more to ask here.
  const shown = asking && !done && !!data && !turnOn.isSuccess && deviceState() !== 'denied';
  // It arrives below the message just sent: brought into sight, as the message was.
  useLayoutEffect(() => {
    if (shown) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!shown || !data) return null;

  const notNow = () => {
    localStorage.setItem(DISMISSED, '1');
    setDone(true);
  };
  return (
    <section className="push-ask" aria-labelledby="push-ask-title" ref={card}>
      <BellRing aria-hidden size={22} className="push-ask-icon" />
      <div className="push-ask-text">
        <p id="push-ask-title" className="push-ask-title">
          {PUSH_TEXTS.askTitle}
        </p>
        <p className="muted">{PUSH_TEXTS.askMessages}</p>
        {failureText(turnOn.error) && (
          <p role="alert" className="field-error">
            {failureText(turnOn.error)}
          </p>
        )}
        <div className="push-ask-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={turnOn.isPending}
            onClick={() => turnOn.mutate(data)}
          >
            {turnOn.isPending ? PUSH_TEXTS.turningOn : PUSH_TEXTS.turnOn}
          </button>
          <button type="button" className="button button-ghost" disabled={turnOn.isPending} onClick={notNow}>
            {PUSH_TEXTS.notNow}
          </button>
        </div>
      </div>
    </section>
  );
}
