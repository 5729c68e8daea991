import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEvent, calls, mockApi, mockUpload } from '../../../test/api-stubs';
import { json, renderWithProviders } from '../../../test/render';
import { instantToLocal } from '../../../lib/datetime-local';
import { daysFromNow } from '../../../test/fixtures';
import NewEventPage from './new-event-page';

const open = () =>
  renderWithProviders(<NewEventPage />, {
    route: '/events/new',
    path: '/events/new',
    auth: { id: 1, username: 'gardener' },
    otherPaths: ['/events/:id'],
  });

const START = daysFromNow(5, 10);
const END = daysFromNow(5, 14);

/** Fills the form with a swap from 10 to 2 in five days. */
async function fill({ zip = '84105', capacity = '30' } = {}) {
  await userEvent.type(screen.getByLabelText('Title'), 'Spring seed swap');
  await userEvent.type(screen.getByLabelText('Description'), 'Bring labelled packets.');
  fireEvent.change(screen.getByLabelText('Starts'), { target: { value: instantToLocal(START) } });
  fireEvent.change(screen.getByLabelText('Ends'), { target: { value: instantToLocal(END) } });
  await userEvent.type(screen.getByLabelText('Place'), 'Liberty Park pavilion');
  await userEvent.type(screen.getByLabelText('Address (optional)'), '600 E 900 S');
  await userEvent.type(screen.getByLabelText('ZIP code'), zip);
  if (capacity) await userEvent.type(screen.getByLabelText('Capacity (optional)'), capacity);
}

const posted = (api: ReturnType<typeof mockApi>, method = 'POST') =>
  JSON.parse(String(api.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body));

afterEach(() => vi.unstubAllGlobals());

describe('hosting an event', () => {
  it('says what is missing before sending anything', async () => {
    const api = mockApi({});
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    expect(await screen.findByText(EVENT_TEXTS.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(EVENT_TEXTS.startRequired)).toBeInTheDocument();
    expect(screen.getByText(EVENT_TEXTS.endRequired)).toBeInTheDocument();
    expect(screen.getByText(EVENT_TEXTS.placeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(EVENT_TEXTS.zipRequired);
    expect(calls(api)).toEqual([]);
  });

  it('checks the times, the ZIP code and the capacity by the shared rules', async () => {
    const api = mockApi({});
    open();
    await fill({ zip: '841', capacity: '0' });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: instantToLocal(daysFromNow(5, 9)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    expect(await screen.findByText(EVENT_TEXTS.endBeforeStart)).toBeInTheDocument();
    expect(screen.getByText(EVENT_TEXTS.zipInvalid)).toBeInTheDocument();
    expect(screen.getByText(EVENT_TEXTS.capacityInvalid)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: instantToLocal(daysFromNow(-1, 10)) } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: instantToLocal(daysFromNow(-1, 12)) } });
    await userEvent.clear(screen.getByLabelText('ZIP code'));
    await userEvent.type(screen.getByLabelText('ZIP code'), '84105');
    await userEvent.clear(screen.getByLabelText('Capacity (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    expect(await screen.findByText(EVENT_TEXTS.startInPast)).toBeInTheDocument();
    expect(calls(api)).toEqual([]);
  });

  it('posts the event, then its photo, and opens its page', async () => {
    const api = mockApi({ 'POST /api/events': json(buildEvent({ id: 41 }), 201) });
    const uploads = mockUpload(() => ({ status: 200, body: buildEvent({ id: 41, photo: 'uploads/e.webp' }) }));
    const { router } = open();
    await fill();
    await userEvent.upload(
      screen.getByLabelText('Photo (optional)'),
      new File(['png'], 'swap.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/41'));
    expect(posted(api)).toEqual({
      title: 'Spring seed swap',
      description: 'Bring labelled packets.',
      starts_at: START,
      ends_at: END,
      place_name: 'Liberty Park pavilion',
      address: '600 E 900 S',
      zip_code: '84105',
      capacity: 30,
    });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.method).toBe('PUT');
    expect(uploads[0]!.url).toBe('/api/events/41/photo');
    expect(uploads[0]!.form.get('image')).toBeInstanceOf(File);
  });

  it('sends no limit when the capacity is left empty', async () => {
    const api = mockApi({ 'POST /api/events': json(buildEvent({ id: 42 }), 201) });
    const { router } = open();
    await fill({ capacity: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/42'));
    expect(posted(api).capacity).toBeNull();
  });

  it('shows the server’s refusal under its field and keeps everything typed', async () => {
    mockApi({
      'POST /api/events': json(
        {
          detail: EVENT_TEXTS.zipUnknown,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'zip_code', message: EVENT_TEXTS.zipUnknown }],
        },
        422,
      ),
    });
    open();
    await fill({ zip: '00000' });
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription(EVENT_TEXTS.zipUnknown));
    expect(screen.getByLabelText('ZIP code')).toBeInvalid();
    expect(screen.getByText('Please correct the fields marked below.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Spring seed swap');
    expect(screen.getByLabelText('Starts')).toHaveValue(instantToLocal(START));
    expect(screen.getByLabelText('Place')).toHaveValue('Liberty Park pavilion');
    expect(screen.getByRole('button', { name: 'Post event' })).toBeEnabled();
  });

  it('keeps a posted event when its photo fails, and sending again finishes the photo without posting twice', async () => {
    const api = mockApi({
      'POST /api/events': json(buildEvent({ id: 43 }), 201),
      'PATCH /api/events/43': json(buildEvent({ id: 43 })),
    });
    let fail = true;
    mockUpload(() =>
      fail
        ? { status: 413, body: { detail: 'The photo is too large', code: 'PAYLOAD_TOO_LARGE' } }
        : { status: 200, body: buildEvent({ id: 43, photo: 'uploads/e.webp' }) },
    );
    const { router } = open();
    await fill();
    await userEvent.upload(
      screen.getByLabelText('Photo (optional)'),
      new File(['png'], 'swap.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    expect(await screen.findByText('The photo is too large')).toBeInTheDocument();
    expect(screen.getByText(/Your event is posted, but its photo could not be uploaded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the event' })).toHaveAttribute('href', '/events/43');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Post event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/43'));
    expect(calls(api).filter((c) => c === 'POST /api/events')).toHaveLength(1);
  });
});
