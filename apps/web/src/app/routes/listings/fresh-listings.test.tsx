import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import type { Notification } from '@gardenswap/shared/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import NotificationsPage from '../notifications/notifications-page';
import ListingDetailPage from './listing-detail-page';
import { buildListing, calls, mockApi } from '../../../test/api-stubs';
import { ListingCard } from '../../../features/listings/components/listing-card';
import { RenewButton } from '../../../features/listings/components/renew-button';

const DAY = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const me = { id: 1, username: 'gardener' };

describe('a listing’s age', () => {
  it('reads "listed today", "listed 3 days ago" and "renewed 2 days ago" on cards', () => {
    renderWithProviders(
      <>
        <ListingCard listing={buildListing({ title: 'Fresh eggs', created_at: ago(2 * 60_000) })} />
        <ListingCard listing={buildListing({ title: 'Old kale', created_at: ago(3 * DAY + 60_000) })} />
        <ListingCard
          listing={buildListing({ title: 'Fig cutting', created_at: ago(40 * DAY), renewed_at: ago(2 * DAY + 5_000) })}
        />
      </>,
    );
    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    expect(within(card('Fresh eggs')).getByText('listed today')).toBeInTheDocument();
    expect(within(card('Old kale')).getByText('listed 3 days ago')).toBeInTheDocument();
    expect(within(card('Fig cutting')).getByText('renewed 2 days ago')).toBeInTheDocument();
    expect(within(card('Fig cutting')).queryByText(/listed/)).not.toBeInTheDocument();
  });

  it('gives the exact date and time as a tooltip once a pointer comes over the age', async () => {
    const created = ago(3 * DAY);
    renderWithProviders(<ListingCard listing={buildListing({ title: 'Old kale', created_at: created })} />);
    const age = screen.getByText('listed 3 days ago');
    expect(age).toHaveAttribute('datetime', created);
    await userEvent.hover(age);
    expect(age).toHaveAttribute('title', new Date(created).toLocaleString());
  });

  it('shows on the detail page', async () => {
    mockApi({ 'GET /api/listings/9': json(buildListing({ id: 9, title: 'Pumpkins', created_at: ago(DAY + 1000) })) });
    renderWithProviders(<ListingDetailPage />, { route: '/listings/9', path: '/listings/:id', auth: me });
    expect(await screen.findByRole('heading', { name: 'Pumpkins' })).toBeInTheDocument();
    expect(screen.getByText('listed yesterday')).toBeInTheDocument();
  });
});

describe('renewing a listing', () => {
  it('renews with one tap, says "Renewing..." meanwhile and then that it is fresh again', async () => {
    let answer: (r: Response) => void = () => {};
    const api = mockApi({
      'POST /api/listings/5/renew': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<RenewButton listingId={5} />);
    await userEvent.click(screen.getByRole('button', { name: FRESH_TEXTS.stillAvailable }));
    expect(await screen.findByRole('button', { name: FRESH_TEXTS.renewing })).toBeDisabled();
    answer(json(buildListing({ id: 5, renewed_at: new Date().toISOString() })));
    expect(await screen.findByRole('status')).toHaveTextContent(FRESH_TEXTS.renewed);
    expect(calls(api)).toEqual(['POST /api/listings/5/renew']);
  });

  it('says why when the listing is gone, and asks to try again when the server fails', async () => {
    mockApi({
      'POST /api/listings/5/renew': json({ detail: FRESH_TEXTS.goneRefused, code: 'CONFLICT' }, 409),
      'POST /api/listings/6/renew': json({ detail: 'Internal', code: 'INTERNAL' }, 500),
    });
    renderWithProviders(
      <>
        <RenewButton listingId={5} />
        <RenewButton listingId={6} label="Renew six" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: FRESH_TEXTS.stillAvailable }));
    expect(await screen.findByText(FRESH_TEXTS.goneRefused)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renew six' }));
    expect(await screen.findByText(FRESH_TEXTS.renewFailed)).toBeInTheDocument();
  });

  it('shows the owner "Paused: not renewed" and reactivates the listing, which renews it', async () => {
    const paused = buildListing({ id: 5, owner_id: me.id, is_active: false, paused_reason: 'not_renewed' });
    const api = mockApi({
      'GET /api/listings/5': json(paused),
      'POST /api/listings/5/renew': json({
        ...paused,
        is_active: true,
        paused_reason: null,
        renewed_at: new Date().toISOString(),
      }),
    });
    renderWithProviders(<ListingDetailPage />, { route: '/listings/5', path: '/listings/:id', auth: me });
    const notice = await screen.findByText(FRESH_TEXTS.pausedNotRenewedHint);
    expect(screen.getAllByText(FRESH_TEXTS.pausedNotRenewed).length).toBeGreaterThan(0);
    await userEvent.click(within(notice.parentElement!).getByRole('button', { name: FRESH_TEXTS.reactivate }));
    await waitFor(() => expect(screen.queryByText(FRESH_TEXTS.pausedNotRenewedHint)).not.toBeInTheDocument());
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('renewed today')).toBeInTheDocument();
    expect(calls(api)).toContain('POST /api/listings/5/renew');
  });

  it('asks in the notifications with a "Still available" button that renews', async () => {
    const asked: Notification = {
      id: 9,
      type: 'listing_renew',
      created_at: new Date().toISOString(),
      read_at: null,
      listing_id: 5,
      want_id: null,
      from_user: null,
      listing: { id: 5, title: 'Zucchini glut', thumbnail: null },
      want: null,
      event: null,
      note: FRESH_TEXTS.askNotification('Zucchini glut'),
    };
    const api = mockApi({
      'GET /api/notifications': json([asked]),
      'POST /api/listings/5/renew': json(buildListing({ id: 5, renewed_at: new Date().toISOString() })),
      'POST /api/notifications/read': json({ unread_count: 0 }),
    });
    renderWithProviders(<NotificationsPage />, { auth: me, path: '/notifications' });
    const item = (await screen.findAllByRole('listitem'))[0]!;
    expect(item).toHaveTextContent('Is Zucchini glut still available?');
    await userEvent.click(within(item).getByRole('button', { name: FRESH_TEXTS.stillAvailable }));
    expect(await within(item).findByRole('status')).toHaveTextContent(FRESH_TEXTS.renewed);
    expect(calls(api)).toContain('POST /api/listings/5/renew');
    // Answered: the question is read.
    await waitFor(() => expect(calls(api)).toContain('POST /api/notifications/read'));
  });
});
