import 'fake-indexeddb/auto';
import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { FakeSocket, installFakeSocket, restoreSocket } from '../../../test/fake-socket';
import { reportAnswer } from '../../../lib/offline/connectivity';
import { failEntry, forgetOutbox, readOutbox } from '../../../lib/offline/outbox';
import { queueMessage } from '../../../features/messages/api/queued-messages';
import ChatPage from './chat-page';

const me = { id: 1, username: 'maria' };
const tom = { id: 2, username: 'tom_grows', profile_picture: null, city: 'Provo', state: 'UT', zip_code: '84601' };

/** The server at fetch level; `reachable: false` makes every request fail as without a network. */
function stubApi(state = { reachable: true }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (!state.reachable) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/users/2/public') return json(tom);
    if (url.pathname === '/api/messages/2') return json([]);
    if (url.pathname === '/api/messages' && init?.method === 'POST') return json({ detail: 'Not expected' }, 500);
    return json([]);
  });
}

const render = () => renderWithProviders(<ChatPage />, { path: '/messages/:otherId', route: '/messages/2', auth: me });
/** The chat has loaded: heading and (empty) conversation. */
const loaded = async () => {
  await screen.findByRole('heading', { name: 'Chat with tom_grows' });
  await screen.findByText('No messages yet. Say hello!');
};
const input = () => screen.getByRole('textbox', { name: 'Message' });
const bubbleOf = (text: string) => screen.getByText(text).closest('.bubble-row') as HTMLElement;

let socket: FakeSocket;
beforeEach(() => {
  socket = installFakeSocket();
});
afterEach(async () => {
  restoreSocket();
  window.dispatchEvent(new Event('online'));
  reportAnswer();
  await forgetOutbox(null);
});

describe('a message written offline', () => {
  it('waits on the device with a Cancel, sends nothing, and is still there after a reload', async () => {
    stubApi();
    const page = render();
    await loaded();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));

    await userEvent.type(input(), 'Are the beans still there?{Enter}');
    await waitFor(() => expect(bubbleOf('Are the beans still there?')).toHaveTextContent(OFFLINE_TEXTS.waitingToSend));
    expect(
      within(bubbleOf('Are the beans still there?')).getByRole('button', { name: OFFLINE_TEXTS.cancelMessage }),
    ).toBeInTheDocument();
    expect(socket.sent).toHaveLength(0);
    const [entry] = await readOutbox(me.id);
    expect(entry?.payload).toMatchObject({ receiver_id: 2, content: 'Are the beans still there?' });
    expect(entry?.payload).toHaveProperty('client_id', expect.any(String));

    page.unmount();
    render();
    expect(await screen.findByText('Are the beans still there?')).toBeInTheDocument();
    expect(bubbleOf('Are the beans still there?')).toHaveTextContent(OFFLINE_TEXTS.waitingToSend);
  });

  it('is taken back by Cancel', async () => {
    stubApi();
    await queueMessage(me.id, { receiver_id: 2, content: 'Never mind', client_id: 'c-1' });
    render();
    const cancel = await screen.findByRole('button', { name: OFFLINE_TEXTS.cancelMessage });
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByText('Never mind')).not.toBeInTheDocument());
    expect(await readOutbox(me.id)).toEqual([]);
  });

  it('keeps a message that got no answer, with the client id it was tried with', async () => {
    const api = { reachable: true };
    stubApi(api);
    socket.connected = false;
    render();
    await loaded();
    api.reachable = false;

    await userEvent.type(input(), 'Hello from the allotment{Enter}');
    await waitFor(() => expect(bubbleOf('Hello from the allotment')).toHaveTextContent(OFFLINE_TEXTS.waitingToSend));
    const posted = vi
      .mocked(fetch)
      .mock.calls.filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)) as { client_id: string });
    expect(posted).toHaveLength(1);
    expect((await readOutbox(me.id))[0]?.payload).toHaveProperty('client_id', posted[0]!.client_id);
  });

  it('shows one the server refused for good with its reason, and lets the member remove it', async () => {
    stubApi();
    const entry = await queueMessage(me.id, { receiver_id: 2, content: 'Hi again', client_id: 'c-2' });
    await failEntry(me.id, entry.id, 'You cannot message this member.');
    render();
    expect(await screen.findByText(OFFLINE_TEXTS.notSent('You cannot message this member.'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not sent — tap to retry' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: OFFLINE_TEXTS.cancelMessage }));
    await waitFor(() => expect(screen.queryByText('Hi again')).not.toBeInTheDocument());
  });
});
