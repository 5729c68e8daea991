import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import type { Message } from '@gardenswap/shared/messages';
import type { ReservedBetween } from '@gardenswap/shared/trade';
import { TEXTS } from '@gardenswap/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { FakeSocket, installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import { installPushBrowser } from '../../../test/push-browser';
import ChatPage from './chat-page';

const me = { id: 1, username: 'maria' };
const tom = {
  id: 2,
  username: 'tom_grows',
  profile_picture: null,
  city: 'Salt Lake City',
  state: 'UT',
  zip_code: '84101',
  friend_count: 3,
};

// Wednesday 2025-06-18, noon local time; only Date is faked so the test runner's timers keep running.
const NOW = new Date(2025, 5, 18, 12, 0, 0);
const at = (daysAgo: number, hour: number) => new Date(2025, 5, 18 - daysAgo, hour, 15).toISOString();

let nextId = 100;
const message = (overrides: Partial<Message> = {}): Message => ({
  id: nextId++,
  sender_id: 2,
  receiver_id: 1,
  content: 'Hello',
  created_at: at(0, 11),
  read_at: null,
  client_id: null,
  ...overrides,
});

interface Api {
  conversation?: Message[] | (() => Message[]);
  /** Missing: no such member. Deleted: their account is gone, the conversation stays. */
  member?: 'missing' | 'deleted';
  posted?: Message;
  /** POST /messages answers 429 for sending too fast. */
  tooFast?: boolean;
  /** The listings reserved between us (none when missing). */
  reserved?: ReservedBetween[];
}

/** Stubs the server at fetch level and records the calls. */
function stubApi(apiState: Api = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/users/2/public') {
      return apiState.member ? json({ detail: 'User not found', code: 'NOT_FOUND' }, 404) : json(tom);
    }
    if (url.pathname === '/api/messages/2') {
      const list = typeof apiState.conversation === 'function' ? apiState.conversation() : apiState.conversation;
      return apiState.member === 'missing'
        ? json({ detail: 'User not found', code: 'NOT_FOUND' }, 404)
        : json(list ?? []);
    }
    if (url.pathname === '/api/messages' && init?.method === 'POST' && apiState.tooFast) {
      return json({ detail: TEXTS.messagesTooFast, code: 'RATE_LIMITED' }, 429, { 'retry-after': '8' });
    }
    if (url.pathname === '/api/messages' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { content: string; client_id: string };
      return json(apiState.posted ?? message({ sender_id: 1, receiver_id: 2, ...body }), 201);
    }
    if (url.pathname === '/api/messages') return json([]);
    if (url.pathname === '/api/trades/reserved-with/2') return json(apiState.reserved ?? []);
    if (url.pathname === '/api/push/settings' && (init?.method ?? 'GET') === 'GET') {
      const off = { messages: false, matches: false, friend_requests: false, trades: false, events: false };
      return json({ public_key: 'BKey', switches: off, devices: 0 });
    }
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

let socket: FakeSocket;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  socket = installFakeSocket();
});
afterEach(() => {
  restoreSocket();
  vi.useRealTimers();
});

const render = (route = '/messages/2') =>
  renderWithProviders(<ChatPage />, { path: '/messages/:otherId', route, auth: me, otherPaths: ['/messages'] });

const input = () => screen.getByRole('textbox', { name: 'Message' });
const log = () => screen.getByRole('log', { name: 'Messages' });

describe('chat', () => {
  it('is headed "Chat with {username}" and links to their profile', async () => {
    stubApi();
    render();
    expect(await screen.findByRole('heading', { name: 'Chat with tom_grows' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/seller/2');
  });

  it('shows the listings reserved between us above the messages, each with its pickup', async () => {
    stubApi({
      conversation: [message({ content: 'See you Saturday' })],
      reserved: [{ listing: { id: 9, title: 'Seed potatoes' }, is_owner: false, pickup: null }],
    });
    render();
    const strip = await screen.findByRole('list', { name: 'Reserved between you' });
    expect(within(strip).getByRole('link', { name: 'Seed potatoes' })).toHaveAttribute('href', '/listings/9');
    expect(within(strip).getByRole('region', { name: 'Pickup of Seed potatoes' })).toHaveTextContent(
      'No pickup time yet.',
    );
    await screen.findByText('See you Saturday');
    expect(strip.compareDocumentPosition(log()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the conversation with date dividers and both sides', async () => {
    stubApi({
      conversation: [
        message({ content: 'Do you still have basil?', created_at: at(1, 9) }),
        message({ sender_id: 1, receiver_id: 2, content: 'Yes, come by!', created_at: at(1, 10) }),
        message({ content: 'On my way', created_at: at(0, 8) }),
      ],
    });
    render();
    await screen.findByText('Do you still have basil?');
    const items = within(log())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toBe('Yesterday');
    expect(items[1]).toContain('tom_grows:');
    expect(items[2]).toContain('You:');
    expect(items[3]).toBe('Today');
    expect(items[4]).toContain('On my way');
    expect(screen.getByText('Yes, come by!').closest('.bubble-row')).toHaveClass('bubble-row-out');
    expect(screen.getByText('On my way').closest('.bubble-row')).toHaveClass('bubble-row-in');
  });

  it('sends with Enter over the socket, clears the box and shows the stored message', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'Hello Tom{Enter}');
    expect(input()).toHaveValue('');
    expect(socket.sent).toHaveLength(1);
    const { payload, ack } = socket.sent[0]!;
    expect(payload).toEqual({ receiver_id: 2, content: 'Hello Tom', client_id: expect.any(String) });
    expect(screen.getByText('Hello Tom').closest('.bubble-row')).toHaveTextContent('Sending...');

    await ack({
      ok: true,
      message: message({ id: 7, sender_id: 1, receiver_id: 2, content: 'Hello Tom', client_id: payload.client_id! }),
    });
    await waitFor(() =>
      expect(screen.getByText('Hello Tom').closest('.bubble-row')).not.toHaveTextContent('Sending...'),
    );
  });

  it('asks whether to notify this device of the answer once the member has sent a message, where it can', async () => {
    const browser = installPushBrowser({ permission: 'default' });
    try {
      stubApi();
      render();
      await screen.findByRole('heading', { name: 'Chat with tom_grows' });
      expect(screen.queryByRole('region', { name: 'Get notified on this device?' })).toBeNull();
      await userEvent.type(input(), 'Hello Tom{Enter}');
      const { payload, ack } = socket.sent[0]!;
      await ack({ ok: true, message: message({ id: 8, sender_id: 1, receiver_id: 2, client_id: payload.client_id! }) });
      const card = await screen.findByRole('region', { name: 'Get notified on this device?' });
      expect(card).toHaveTextContent('Know when they answer, even when Gardenswap is closed.');
      expect(within(card).getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
    } finally {
      browser.restore();
    }
  });

  it('asks nothing after a message where the browser cannot show notifications', async () => {
    const fetch = stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'Hello Tom{Enter}');
    const { payload, ack } = socket.sent[0]!;
    await ack({ ok: true, message: message({ id: 9, sender_id: 1, receiver_id: 2, client_id: payload.client_id! }) });
    await waitFor(() => expect(screen.getByText('Hello')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Get notified on this device?' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/push/settings');
  });

  it('sends with the Send button', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'Tomatoes?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(socket.sent.map((s) => s.payload.content)).toEqual(['Tomatoes?']);
  });

  it('does not send blank or whitespace-only text', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), '   {Enter}');
    expect(socket.sent).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'First line{Shift>}{Enter}{/Shift}second');
    expect(socket.sent).toHaveLength(0);
    expect(input()).toHaveValue('First line\nsecond');
  });

  it('keeps a message over 2000 characters in the box with the limit text', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.click(input());
    await userEvent.paste('a'.repeat(2001));
    await userEvent.keyboard('{Enter}');
    expect(socket.sent).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Message must be at most 2000 characters long');
  });

  it('shows a message from the other member as it arrives and marks it read at once over the socket', async () => {
    stubApi({ conversation: [message({ content: 'Hi' })] });
    render();
    await screen.findByText('Hi');
    socket.push(message({ id: 500, content: 'Still there?' }));
    expect(await screen.findByText('Still there?')).toBeInTheDocument();
    expect(socket.emitted).toEqual([{ event: 'mark_read', payload: { user_id: 2 } }]);
    // My own message coming back marks nothing.
    socket.push(message({ id: 501, sender_id: 1, receiver_id: 2, content: 'Yes!' }));
    await screen.findByText('Yes!');
    expect(socket.emitted).toHaveLength(1);
  });

  it('refetches the conversation to mark an arriving message read when the socket cannot send', async () => {
    const fetch = stubApi({ conversation: [message({ content: 'Hi' })] });
    render();
    await screen.findByText('Hi');
    // The connection dropped just as the event came in: mark_read cannot go out.
    socket.connected = false;
    const fetchesBefore = fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/messages/2')).length;
    socket.push(message({ id: 502, content: 'Hello again' }));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/messages/2')).length).toBeGreaterThan(
        fetchesBefore,
      ),
    );
  });

  it('does not append messages of other conversations', async () => {
    stubApi({ conversation: [message({ content: 'Hi' })] });
    render();
    await screen.findByText('Hi');
    socket.push(message({ sender_id: 3, receiver_id: 1, content: 'From someone else' }));
    socket.push(message({ sender_id: 1, receiver_id: 3, content: 'To someone else' }));
    expect(screen.queryByText('From someone else')).not.toBeInTheDocument();
    expect(screen.queryByText('To someone else')).not.toBeInTheDocument();
  });

  it('shows a message once when both the acknowledgement and the event carry it', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'Only once{Enter}');
    const { payload, ack } = socket.sent[0]!;
    const stored = message({
      id: 900,
      sender_id: 1,
      receiver_id: 2,
      content: 'Only once',
      client_id: payload.client_id!,
    });
    socket.push(stored);
    await ack({ ok: true, message: stored });
    socket.push(stored);
    await waitFor(() => expect(screen.getAllByText('Only once')).toHaveLength(1));
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
  });

  it('offers a retry with the same client id when a send fails', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'Try me{Enter}');
    await socket.sent[0]!.ack({
      ok: false,
      detail: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    const retry = await screen.findByRole('button', { name: 'Not sent — tap to retry' });
    await userEvent.click(retry);
    expect(socket.sent).toHaveLength(2);
    expect(socket.sent[1]!.payload.client_id).toBe(socket.sent[0]!.payload.client_id);
    expect(screen.queryByRole('button', { name: 'Not sent — tap to retry' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Try me')).toHaveLength(1);
  });

  it('keeps a message refused for sending too fast as not sent, says so, and sends it on retry', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'Slow down?{Enter}');
    await socket.sent[0]!.ack({ ok: false, detail: TEXTS.messagesTooFast, code: 'RATE_LIMITED', retry_after: 7 });

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.messagesTooFast);
    const retry = screen.getByRole('button', { name: 'Not sent — tap to retry' });
    expect(screen.getByText('Slow down?').closest('.bubble-row')).toContainElement(retry);

    await userEvent.click(retry);
    const { payload, ack } = socket.sent[1]!;
    expect(payload.client_id).toBe(socket.sent[0]!.payload.client_id);
    await ack({
      ok: true,
      message: message({ sender_id: 1, receiver_id: 2, content: 'Slow down?', client_id: payload.client_id! }),
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Not sent — tap to retry' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Slow down?')).toHaveLength(1);
  });

  it('marks each refused send of a quick series as not sent, whatever order the answers come in', async () => {
    stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    for (const text of ['One', 'Two', 'Three']) await userEvent.type(input(), `${text}{Enter}`);
    const [one, two, three] = socket.sent;
    // The server refuses quicker than it stores, so the refusals of the later sends answer first.
    const tooFast = { ok: false, detail: TEXTS.messagesTooFast, code: 'RATE_LIMITED' } as const;
    await two!.ack(tooFast);
    await three!.ack(tooFast);
    await one!.ack({
      ok: true,
      message: message({ sender_id: 1, receiver_id: 2, content: 'One', client_id: one!.payload.client_id! }),
    });

    await waitFor(() => expect(screen.getByText('One').closest('.bubble-row')).not.toHaveTextContent('Sending...'));
    for (const text of ['Two', 'Three']) {
      const row = screen.getByText(text).closest('.bubble-row') as HTMLElement;
      expect(within(row).getByRole('button', { name: 'Not sent — tap to retry' })).toBeInTheDocument();
    }
    expect(screen.getByText('One').closest('.bubble-row')).not.toHaveTextContent('Not sent');
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.messagesTooFast);
  });

  it('says the same when POST /messages answers 429, keeping the message to retry', async () => {
    socket.connected = false;
    restoreSocket();
    installFakeSocket(socket);
    stubApi({ tooFast: true });
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'By post, too fast{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.messagesTooFast);
    const row = screen.getByText('By post, too fast').closest('.bubble-row') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Not sent — tap to retry' })).toBeInTheDocument();
  });

  it('falls back to POST /messages when the socket is not connected', async () => {
    socket.connected = false;
    restoreSocket();
    installFakeSocket(socket);
    const fetch = stubApi();
    render();
    await screen.findByRole('heading', { name: 'Chat with tom_grows' });
    await userEvent.type(input(), 'By post{Enter}');
    await waitFor(() => expect(screen.getByText('By post').closest('.bubble-row')).not.toHaveTextContent('Sending...'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      receiver_id: 2,
      content: 'By post',
      client_id: expect.any(String),
    });
    expect(socket.sent).toHaveLength(0);
  });

  it('loads earlier messages before the oldest one', async () => {
    const newest = Array.from({ length: 50 }, (_, i) => message({ id: 1000 + i, content: `Message ${i}` }));
    const fetch = stubApi({ conversation: newest });
    render();
    await screen.findByText('Message 49');
    fetch.mockImplementation(async () => json([message({ id: 10, content: 'The very first', created_at: at(3, 9) })]));
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('The very first')).toBeInTheDocument();
    expect(String(fetch.mock.calls.at(-1)![0])).toBe('/api/messages/2?before=1000&limit=50');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('says "User not found" with a way back for a member who does not exist', async () => {
    stubApi({ member: 'missing' });
    render();
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages');
  });

  it('shows a deleted member\'s conversation as "Deleted member", readable and closed to replies', async () => {
    stubApi({ member: 'deleted', conversation: [message({ id: 1, content: 'See you at the swap' })] });
    render();
    expect(await screen.findByRole('heading', { name: 'Chat with Deleted member' })).toBeInTheDocument();
    expect(screen.getByText('See you at the swap')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(ACCOUNT_TEXTS.deletedMemberChat);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View profile' })).not.toBeInTheDocument();
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();
  });

  it.each(['/messages/abc', '/messages/0', '/messages/-4', '/messages/2.5', '/messages/1'])(
    'goes back to /messages from %s',
    async (route) => {
      stubApi();
      const { router } = render(route);
      expect(await screen.findByText('Navigated to /messages')).toBeInTheDocument();
      await act(async () => {});
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );
});
