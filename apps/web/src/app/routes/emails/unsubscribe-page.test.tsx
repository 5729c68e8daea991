import { EMAIL_KIND_TEXTS, UNSUBSCRIBE_TEXTS } from '@gardenswap/shared/email-settings';
import { NOTIFICATION_TEXTS } from '@gardenswap/shared/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import UnsubscribePage from './unsubscribe-page';

afterEach(() => vi.restoreAllMocks());

/** Opens the page with the server answering the link's description and its POST as given. */
function open(
  answers: { link: () => Response; post?: () => Response | Promise<Response> },
  route = '/unsubscribe?token=abc',
) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (_url, init) => (init?.method === 'POST' ? answers.post!() : answers.link()));
  renderWithProviders(<UnsubscribePage />, { path: '/unsubscribe', route });
  return fetch;
}
const methods = (fetch: ReturnType<typeof open>) => fetch.mock.calls.map(([, init]) => init?.method ?? 'GET');

describe('the unsubscribe page', () => {
  it('asks first and turns nothing off until its button is pressed', async () => {
    let release = () => {};
    const fetch = open({
      link: () => json({ kinds: ['messages'] }),
      post: () => new Promise((resolve) => (release = () => resolve(json({ kinds: ['messages'] })))),
    });
    expect(screen.getByRole('status')).toHaveTextContent(UNSUBSCRIBE_TEXTS.checking);
    expect(
      await screen.findByRole('heading', { name: EMAIL_KIND_TEXTS.messages.unsubscribeQuestion }),
    ).toBeInTheDocument();
    expect(methods(fetch)).toEqual(['GET']);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/mail/unsubscribe/link?token=abc');

    await userEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.button }));
    expect(await screen.findByRole('button', { name: UNSUBSCRIBE_TEXTS.working })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: UNSUBSCRIBE_TEXTS.doneTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(EMAIL_KIND_TEXTS.messages.unsubscribed);
    expect(methods(fetch)).toEqual(['GET', 'POST']);
    expect(String(fetch.mock.calls[1]![0])).toBe('/api/mail/unsubscribe?token=abc');
    expect(screen.getByRole('link', { name: UNSUBSCRIBE_TEXTS.settings })).toHaveAttribute('href', '/profile');
  });

  it('asks about every kind for a link sent before e-mail was switched per kind', async () => {
    open({ link: () => json({ kinds: ['matches', 'friend_requests', 'messages', 'trades'] }) });
    expect(await screen.findByRole('heading', { name: UNSUBSCRIBE_TEXTS.everyKindQuestion })).toBeInTheDocument();
  });

  it('says clearly that a changed link is not valid, and offers the profile instead', async () => {
    const fetch = open({
      link: () => json({ detail: NOTIFICATION_TEXTS.unsubscribeInvalid, code: 'BAD_REQUEST' }, 400),
    });
    expect(await screen.findByRole('heading', { name: UNSUBSCRIBE_TEXTS.failedTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(NOTIFICATION_TEXTS.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_TEXTS.button })).not.toBeInTheDocument();
    expect(methods(fetch)).toEqual(['GET']);
  });

  it('asks nothing of the server without a token', async () => {
    const fetch = open({ link: () => json({ kinds: ['matches'] }) }, '/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent(NOTIFICATION_TEXTS.unsubscribeInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the button when the POST fails, and says why', async () => {
    open({
      link: () => json({ kinds: ['matches'] }),
      post: () => json({ detail: 'Service unavailable', code: 'UNAVAILABLE' }, 503),
    });
    await userEvent.click(await screen.findByRole('button', { name: UNSUBSCRIBE_TEXTS.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.button })).toBeEnabled();
  });
});
