import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { FakeSocket, installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import { MessagesUnreadBadge } from './messages-unread-badge';

let socket: FakeSocket;
beforeEach(() => {
  socket = installFakeSocket();
});
afterEach(() => restoreSocket());

function stubCounts(counts: number[]) {
  let call = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) !== '/api/messages/unread-count') return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
    return json({ count: counts[Math.min(call++, counts.length - 1)] });
  });
}

const render = () => renderWithProviders(<MessagesUnreadBadge />, { auth: { id: 1, username: 'maria' } });

describe('messages unread badge', () => {
  it('shows the unread count, and nothing once all is read', async () => {
    stubCounts([3, 0]);
    render();
    expect(await screen.findByText('3', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('unread messages', { exact: false })).toBeInTheDocument();
    // Read in another tab: the server tells this one.
    socket.pushEvent('messages_read', { reader_id: 1, user_id: 2, up_to_id: 9, read_at: '' });
    await waitFor(() => expect(screen.queryByText('3')).not.toBeInTheDocument());
  });

  it('counts up live when a message arrives', async () => {
    const fetch = stubCounts([0, 1]);
    render();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('1')).not.toBeInTheDocument();
    socket.push({
      id: 5,
      sender_id: 2,
      receiver_id: 1,
      content: 'Hi',
      created_at: new Date().toISOString(),
      read_at: null,
      client_id: null,
    });
    expect(await screen.findByText('1')).toBeInTheDocument();
    expect(screen.getByText('unread message', { exact: false })).toBeInTheDocument();
  });

  it('shows 99+ for a large count', async () => {
    stubCounts([240]);
    render();
    expect(await screen.findByText('99+', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
