import type { Thread } from '@gardenswap/shared/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeOfDay } from '../../../lib/format';
import { json, renderWithProviders } from '../../../test/render';
import { FakeSocket, installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import MessagesPage from './messages-page';

const me = { id: 1, username: 'maria' };

const thread = (overrides: Partial<Thread> & { user_id: number; username: string }): Thread => ({
  profile_picture: null,
  unread_count: 0,
  ...overrides,
  last_message: {
    id: overrides.user_id * 10,
    content: 'Hello',
    created_at: '2025-06-15T14:05:00.000Z',
    sender_id: overrides.user_id,
    ...overrides.last_message,
  },
});

const THREADS = [
  thread({
    user_id: 2,
    username: 'tom_grows',
    unread_count: 2,
    last_message: {
      id: 20,
      content: 'Are the tomatoes still there?',
      created_at: '2025-06-15T14:05:00.000Z',
      sender_id: 2,
    },
  }),
  thread({
    user_id: 3,
    username: 'rosa',
    last_message: { id: 30, content: 'I can swap basil seeds', created_at: '2025-06-14T09:30:00.000Z', sender_id: 1 },
  }),
];

function stubThreads(threads: Thread[] | 'fail') {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      threads === 'fail' ? json({ detail: 'Boom', code: 'INTERNAL' }, 500) : json(threads),
    );
}

let socket: FakeSocket;
beforeEach(() => {
  socket = installFakeSocket();
});
afterEach(restoreSocket);

const render = () => renderWithProviders(<MessagesPage />, { path: '/messages', auth: me });

describe('thread list', () => {
  it('lists conversations with name, time of the last message, preview and unread count', async () => {
    stubThreads(THREADS);
    render();
    const rows = await screen.findAllByRole('link');
    expect(rows).toHaveLength(2);
    const tom = within(rows[0]!);
    expect(tom.getByText('tom_grows')).toBeInTheDocument();
    expect(tom.getByText(timeOfDay('2025-06-15T14:05:00.000Z'))).toBeInTheDocument();
    expect(timeOfDay('2025-06-15T14:05:00.000Z')).toMatch(/\d{1,2}:\d{2}/);
    expect(tom.getByText('Are the tomatoes still there?')).toBeInTheDocument();
    expect(tom.getByLabelText('2 unread')).toHaveTextContent('2');
    expect(rows[0]).toHaveAttribute('href', '/messages/2');
  });

  it('prefixes my own last message with "You: " and shows no badge when all is read', async () => {
    stubThreads(THREADS);
    render();
    const rosa = within((await screen.findAllByRole('link'))[1]!);
    expect(rosa.getByText('You: I can swap basil seeds')).toBeInTheDocument();
    expect(rosa.queryByLabelText(/unread/)).not.toBeInTheDocument();
  });

  it('filters by name', async () => {
    stubThreads(THREADS);
    render();
    await screen.findByText('tom_grows');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'ROS');
    expect(screen.queryByText('tom_grows')).not.toBeInTheDocument();
    expect(screen.getByText('rosa')).toBeInTheDocument();
  });

  it('filters by the last message preview', async () => {
    stubThreads(THREADS);
    render();
    await screen.findByText('tom_grows');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'tomatoes');
    expect(screen.getByText('tom_grows')).toBeInTheDocument();
    expect(screen.queryByText('rosa')).not.toBeInTheDocument();
  });

  it('says "No conversations found." when nothing matches', async () => {
    stubThreads(THREADS);
    render();
    await screen.findByText('tom_grows');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'pumpkin');
    expect(screen.getByText('No conversations found.')).toBeInTheDocument();
  });

  it('says "No conversations found." when there are none', async () => {
    stubThreads([]);
    render();
    expect(await screen.findByText('No conversations found.')).toBeInTheDocument();
  });

  it('shows a short error when the list cannot load', async () => {
    stubThreads('fail');
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load conversations. Please try again later.');
    expect(screen.queryByText('No conversations found.')).not.toBeInTheDocument();
  });

  it('reloads the list when a message arrives', async () => {
    const fetch = stubThreads(THREADS);
    render();
    await screen.findByText('tom_grows');
    fetch.mockImplementation(async () =>
      json([
        thread({
          user_id: 4,
          username: 'new_neighbour',
          last_message: { id: 40, content: 'Hi!', created_at: '2025-06-15T15:00:00.000Z', sender_id: 4 },
        }),
        ...THREADS,
      ]),
    );
    socket.push({
      id: 40,
      sender_id: 4,
      receiver_id: 1,
      content: 'Hi!',
      created_at: '2025-06-15T15:00:00.000Z',
      read_at: null,
      client_id: null,
    });
    expect(await screen.findByText('new_neighbour')).toBeInTheDocument();
  });

  it('asks a visitor without a session to log in', () => {
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    expect(screen.getByText('Please log in to see your messages.')).toBeInTheDocument();
  });
});
