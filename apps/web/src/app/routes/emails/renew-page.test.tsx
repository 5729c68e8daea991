import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import RenewPage from './renew-page';

afterEach(() => vi.restoreAllMocks());

const ZUCCHINI = { listing_id: 7, title: 'Zucchini glut' };

/** Opens the page with the server answering the link's description and its POST as given. */
function open(
  answers: { link: () => Response; post?: () => Response | Promise<Response> },
  route = '/renew?token=abc',
) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (_url, init) => (init?.method === 'POST' ? answers.post!() : answers.link()));
  renderWithProviders(<RenewPage />, { path: '/renew', route });
  return fetch;
}
const methods = (fetch: ReturnType<typeof open>) => fetch.mock.calls.map(([, init]) => init?.method ?? 'GET');

describe('the renew page', () => {
  it('asks whether the listing is still available and renews only when its button is pressed', async () => {
    let release = () => {};
    const fetch = open({
      link: () => json(ZUCCHINI),
      post: () => new Promise((resolve) => (release = () => resolve(json(ZUCCHINI)))),
    });
    expect(screen.getByRole('status')).toHaveTextContent(FRESH_TEXTS.linkChecking);
    expect(await screen.findByRole('heading', { name: 'Is “Zucchini glut” still available?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FRESH_TEXTS.linkGone })).toHaveAttribute('href', '/listings/7');
    expect(methods(fetch)).toEqual(['GET']);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/listings/renew/link?token=abc');

    await userEvent.click(screen.getByRole('button', { name: FRESH_TEXTS.stillAvailable }));
    expect(await screen.findByRole('button', { name: FRESH_TEXTS.renewing })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: FRESH_TEXTS.linkRenewedTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(FRESH_TEXTS.linkRenewed('Zucchini glut'));
    expect(screen.getByRole('link', { name: FRESH_TEXTS.seeListing })).toHaveAttribute('href', '/listings/7');
    expect(methods(fetch)).toEqual(['GET', 'POST']);
    expect(String(fetch.mock.calls[1]![0])).toBe('/api/listings/renew?token=abc');
  });

  it.each([
    [400, FRESH_TEXTS.linkInvalid],
    [409, FRESH_TEXTS.goneRefused],
  ])('says clearly why a link did not work (%i) and offers no button', async (status, detail) => {
    const fetch = open({ link: () => json({ detail, code: status === 400 ? 'BAD_REQUEST' : 'CONFLICT' }, status) });
    expect(await screen.findByRole('heading', { name: FRESH_TEXTS.linkFailedTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(detail);
    expect(screen.queryByRole('button', { name: FRESH_TEXTS.stillAvailable })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: FRESH_TEXTS.openApp })).toHaveAttribute('href', '/my-listings');
    expect(methods(fetch)).toEqual(['GET']);
  });

  it('offers to try again when the server could not be reached', async () => {
    let calls = 0;
    open({ link: () => (++calls === 1 ? json({ detail: '', code: 'INTERNAL' }, 500) : json(ZUCCHINI)) });
    await userEvent.click(await screen.findByRole('button', { name: FRESH_TEXTS.linkRetry }));
    expect(await screen.findByRole('heading', { name: 'Is “Zucchini glut” still available?' })).toBeInTheDocument();
  });

  it('asks nothing of the server without a token', async () => {
    const fetch = open({ link: () => json(ZUCCHINI) }, '/renew');
    expect(screen.getByRole('alert')).toHaveTextContent(FRESH_TEXTS.linkInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });
});
