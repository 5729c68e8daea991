import type { Message, SendMessageInput } from '@gardenswap/shared/messages';
import type { SendMessageAck, ServerToClientEvents } from '@gardenswap/shared/socket';
import { act } from '@testing-library/react';
import { type SocketLike, setSocketForTests } from '../lib/socket';

type AnyListener = (event: string, ...args: unknown[]) => void;

/** A stand-in for the server's end of the socket in component tests: records sends, pushes events. */
export class FakeSocket {
  connected = true;
  /** Every send_message, with the acknowledgement the test answers it with. */
  readonly sent: { payload: SendMessageInput; ack: (result: SendMessageAck) => Promise<void> }[] = [];
  /** Every event sent without an acknowledgement (typing, mark_read), in order. */
  readonly emitted: { event: string; payload: unknown }[] = [];
  /** Every tab_focus the page reported (on connect and on each change), kept apart from the others. */
  readonly focusReports: { focused: boolean }[] = [];
  private listeners: AnyListener[] = [];

  emit(event: string, payload: unknown) {
    if (event === 'tab_focus') this.focusReports.push(payload as { focused: boolean });
    else this.emitted.push({ event, payload });
    return this;
  }

  timeout() {
    return {
      emitWithAck: (_event: 'send_message', payload: SendMessageInput) =>
        new Promise<SendMessageAck>((resolve) => {
          this.sent.push({ payload, ack: (result) => act(async () => resolve(result)) });
        }),
    };
  }

  onAny(listener: AnyListener) {
    this.listeners.push(listener);
    return this;
  }

  offAny(listener: AnyListener) {
    this.listeners = this.listeners.filter((l) => l !== listener);
    return this;
  }

  disconnect() {
    return this;
  }

  /** The page's own listeners (connect); the connection joins at once here, so nothing calls them. */
  on() {
    return this;
  }

  /** The server pushes `new_message`. */
  push(message: Message) {
    this.pushEvent('new_message', message);
  }

  /** The server pushes any event. */
  pushEvent<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    act(() => {
      for (const listener of this.listeners) listener(event, ...args);
    });
  }
}

/** Makes the next session talk to a fake socket; `restoreSocket` puts the real client back. */
export function installFakeSocket(socket = new FakeSocket()) {
  setSocketForTests(socket as unknown as SocketLike);
  return socket;
}

export function restoreSocket() {
  setSocketForTests(null);
}
