import type { Message } from '@gardenswap/shared/messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { FakeSocket, installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import ChatPage, { TYPING_SEND_INTERVAL_MS, TYPING_SHOWN_MS } from './chat-page';

const me = { id: 1, username: 'maria' };
const tom = {
  id: 2,
  username: 'tom_grows',
  profile_picture: null,
  city: null,
  state: null,
  zip_code: null,
  friend_count: 0,
};

let nextId = 100;
const message = (overrides: Partial<Message> = {}): Message => ({
  id: nextId++,
  sender_id: 2,
  receiver_id: 1,
  content: 'Hello',
  created_at: new Date().toISOString(),
  read_at: null,
  client_id: null,
  ...overrides,
});

function stubApi(conversation: Message[] | Response = [], posted?: Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/users/2/public') return json(tom);
    if (url.pathname === '/api/messages/2')
      return conversation instanceof Response ? conversation.clone() : json(conversation);
    if (url.pathname === '/api/messages' && init?.method === 'POST') return posted ?? json(message(), 201);
    if (url.pathname === '/api/reports' && init?.method === 'POST') {
      return json({ id: 1, ...JSON.parse(String(init.body)), created_at: new Date().toISOString() }, 201);
    }
    if (url.pathname === '/api/messages') return json([]);
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

let socket: FakeSocket;
beforeEach(() => {
  socket = installFakeSocket();
});
afterEach(() => {
  restoreSocket();
  vi.useRealTimers();
});

const render = () =>
  renderWithProviders(<ChatPage />, {
    path: '/messages/:otherId',
    route: '/messages/2',
    auth: me,
    otherPaths: ['/messages'],
  });
/** The page has its member; generous, since a first render on a busy machine can take a while. */
const loaded = () => screen.findByRole('heading', { name: 'Chat with tom_grows' }, { timeout: 5000 });
const bubbleRow = (text: string) => screen.getByText(text).closest('.bubble-row');

describe('chat, live', () => {
  it('shows "Seen" under my last message they have read', async () => {
    stubApi([
      message({ id: 1, sender_id: 1, receiver_id: 2, content: 'Read one', read_at: '2025-06-18T10:00:00.000Z' }),
      message({ id: 2, sender_id: 1, receiver_id: 2, content: 'Read two', read_at: '2025-06-18T10:00:00.000Z' }),
      message({ id: 3, sender_id: 1, receiver_id: 2, content: 'Not yet read' }),
      message({ id: 4, content: 'Theirs' }),
    ]);
    render();
    await screen.findByText('Read two', {}, { timeout: 5000 });
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    expect(bubbleRow('Read two')).toHaveTextContent('Seen');
    expect(bubbleRow('Not yet read')).not.toHaveTextContent('Seen');
  });

  it('moves "Seen" when they read my messages in their chat', async () => {
    stubApi([message({ id: 10, sender_id: 1, receiver_id: 2, content: 'Tomatoes?' })]);
    render();
    await screen.findByText('Tomatoes?', {}, { timeout: 5000 });
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();
    // Someone else's read of my messages, or my own read of theirs, says nothing here.
    socket.pushEvent('messages_read', { reader_id: 3, user_id: 1, up_to_id: 10, read_at: '' });
    socket.pushEvent('messages_read', { reader_id: 1, user_id: 2, up_to_id: 10, read_at: '' });
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();
    socket.pushEvent('messages_read', { reader_id: 2, user_id: 1, up_to_id: 10, read_at: '' });
    expect(bubbleRow('Tomatoes?')).toHaveTextContent('Seen');
  });

  it('shows "typing…" while they type, and hides it when their message arrives or they stop', async () => {
    stubApi();
    render();
    await loaded();
    socket.pushEvent('typing', { user_id: 3 });
    expect(screen.queryByText('tom_grows is typing…')).not.toBeInTheDocument();
    socket.pushEvent('typing', { user_id: 2 });
    expect(screen.getByText('tom_grows is typing…')).toBeInTheDocument();
    socket.push(message({ content: 'Here it is' }));
    expect(await screen.findByText('Here it is')).toBeInTheDocument();
    expect(screen.queryByText('tom_grows is typing…')).not.toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.pushEvent('typing', { user_id: 2 });
    expect(screen.getByText('tom_grows is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS));
    expect(screen.queryByText('tom_grows is typing…')).not.toBeInTheDocument();
  });

  it('tells them I am typing at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubApi();
    render();
    await loaded();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello');
    const typing = () => socket.emitted.filter((e) => e.event === 'typing');
    expect(typing()).toEqual([{ event: 'typing', payload: { receiver_id: 2 } }]);
    vi.setSystemTime(Date.now() + TYPING_SEND_INTERVAL_MS);
    await userEvent.type(box, ' Tom');
    expect(typing()).toHaveLength(2);
  });

  it('says "You cannot message this member" when the server refuses a send', async () => {
    stubApi([], json({ detail: 'You cannot message this member', code: 'FORBIDDEN' }, 403));
    socket.connected = false;
    render();
    await loaded();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    expect(await screen.findByText('You cannot message this member')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not sent — tap to retry' })).toBeInTheDocument();
  });

  it('says "You cannot message this member" when the conversation is refused', async () => {
    stubApi(json({ detail: 'You cannot message this member', code: 'FORBIDDEN' }, 403));
    render();
    expect(await screen.findByText('You cannot message this member')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load messages. Please try again later.')).not.toBeInTheDocument();
  });

  it('reports the member from the header with a reason', async () => {
    const fetch = stubApi();
    render();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report member' });
    expect(dialog).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Asks for money');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Your report was sent to our moderators.')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([u, init]) => String(u) === '/api/reports' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ target_type: 'user', target_id: 2, reason: 'Asks for money' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
