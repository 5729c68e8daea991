import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { clearAuth, writeAuth } from '../auth-storage';
import { reportAnswer } from './connectivity';
import { type OutboxEntry, addToOutbox, forgetOutbox, readOutbox } from './outbox';
import { type OutboxKinds, RETRY_DELAYS_MS, startOutboxSender } from './outbox-sender';

const ME = 1;

/** A server stand-in: records what it got and answers by the handler. */
function server(answer: (payload: { content: string }) => Promise<unknown> = async (p) => ({ stored: p.content })) {
  const received: string[] = [];
  const sent: unknown[] = [];
  const kinds: OutboxKinds = {
    message: {
      send: async (payload: { content: string }) => {
        received.push(payload.content);
        return answer(payload);
      },
      sent: (result) => sent.push(result),
    },
  };
  return { kinds, received, sent };
}

const contents = async () => (await readOutbox(ME)).map((e) => (e.payload as { content: string }).content);
const states = async () => (await readOutbox(ME)).map((e: OutboxEntry) => [e.state, e.error]);

let stop: (() => void)[] = [];
const start = (kinds: OutboxKinds, memberId = ME) => {
  const sender = startOutboxSender(memberId, kinds);
  stop.push(sender.stop);
  return sender;
};

beforeEach(() => {
  writeAuth('token', { id: ME, username: 'maria' });
});
afterEach(async () => {
  stop.forEach((s) => s());
  stop = [];
  vi.useRealTimers();
  reportAnswer();
  clearAuth();
  await forgetOutbox(null);
});

describe('sending the outbox', () => {
  it('sends what was kept before a reload, oldest first, each once', async () => {
    await addToOutbox(ME, 'message', { content: 'one' });
    await addToOutbox(ME, 'message', { content: 'two' });
    await addToOutbox(ME, 'message', { content: 'three' });
    // A fresh page: a new module instance over the same IndexedDB.
    vi.resetModules();
    const fresh = await import('./outbox-sender');
    const { kinds, received, sent } = server();
    stop.push(fresh.startOutboxSender(ME, kinds).stop);

    await vi.waitFor(async () => expect(await contents()).toEqual([]));
    expect(received).toEqual(['one', 'two', 'three']);
    // Each answer is filed just after its entry leaves the outbox.
    await vi.waitFor(() => expect(sent).toEqual([{ stored: 'one' }, { stored: 'two' }, { stored: 'three' }]));
  });

  it('sends an entry added later at once', async () => {
    const { kinds, received } = server();
    start(kinds);
    await addToOutbox(ME, 'message', { content: 'just written' });
    await vi.waitFor(() => expect(received).toEqual(['just written']));
    await vi.waitFor(async () => expect(await contents()).toEqual([]));
  });

  it('never sends an entry twice, with two senders running at once (two tabs)', async () => {
    for (const content of ['a', 'b', 'c', 'd']) await addToOutbox(ME, 'message', { content });
    const { kinds, received } = server(async (p) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return p;
    });
    start(kinds);
    start(kinds);
    await vi.waitFor(async () => expect(await contents()).toEqual([]));
    expect(received).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps an entry the server refused for good, with its reason, and sends the next ones', async () => {
    await addToOutbox(ME, 'message', { content: 'to a stranger' });
    await addToOutbox(ME, 'message', { content: 'fine' });
    const { kinds, received } = server(async (p) => {
      if (p.content === 'to a stranger') throw new ApiError(403, 'FORBIDDEN', 'You cannot message this member.');
      return p;
    });
    start(kinds);
    await vi.waitFor(async () => expect(await contents()).toEqual(['to a stranger']));
    expect(await states()).toEqual([['failed', 'You cannot message this member.']]);
    expect(received).toEqual(['to a stranger', 'fine']);

    // Refused is final: a later round does not send it again.
    await addToOutbox(ME, 'message', { content: 'later' });
    await vi.waitFor(() => expect(received).toEqual(['to a stranger', 'fine', 'later']));
  });

  it('tries again later when the server fails, keeping the order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await addToOutbox(ME, 'message', { content: 'first' });
    await addToOutbox(ME, 'message', { content: 'second' });
    let down = true;
    const { kinds, received } = server(async (p) => {
      if (down) throw new ApiError(503, 'UNAVAILABLE', 'Try again soon.');
      return p;
    });
    start(kinds);
    await vi.waitFor(() => expect(received).toEqual(['first']));
    await vi.waitFor(async () =>
      expect(await states()).toEqual([
        ['waiting', undefined],
        ['waiting', undefined],
      ]),
    );

    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.first * 1.2);
    await vi.waitFor(async () => expect(await contents()).toEqual([]));
    expect(received).toEqual(['first', 'first', 'second']);
  });

  it('waits for the connection when a send gets no answer, and sends when it is back', async () => {
    await addToOutbox(ME, 'message', { content: 'from the garden' });
    let offline = true;
    const { kinds, received } = server(async (p) => {
      if (offline) throw new ApiError(0, 'NETWORK', 'Could not reach Gardenswap.');
      return p;
    });
    start(kinds);
    await vi.waitFor(() => expect(received).toEqual(['from the garden']));
    await vi.waitFor(async () => expect(await states()).toEqual([['waiting', undefined]]));

    offline = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await contents()).toEqual([]));
    expect(received).toEqual(['from the garden', 'from the garden']);
  });

  it('does not send a member’s outbox with another member’s session', async () => {
    await addToOutbox(ME, 'message', { content: 'mine only' });
    writeAuth('token-2', { id: 2, username: 'tom' });
    const { kinds, received } = server();
    start(kinds);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    expect(await contents()).toEqual(['mine only']);
  });
});
