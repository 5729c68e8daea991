import { type Pickup, formatPickupTime } from '@gardenswap/shared/pickup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calls, mockApi } from '../../../test/api-stubs';
import { json, renderWithProviders } from '../../../test/render';
import { PickupSection, type PickupSectionProps } from './pickup-section';
import { instantToLocal } from './pickup-times';

const me = { id: 1, username: 'gardener' };
const rosaId = 7;

/** An instant `days` from now at a given local hour, within the 90 days an offer may reach. */
const dayAt = (days: number, hour: number, minute = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, minute, 0, 0);
  return d.toISOString();
};
const T1 = dayAt(1, 10, 30);
const T2 = dayAt(2, 17);

const pickup = (over: Partial<Pickup> = {}): Pickup => ({
  status: 'offered',
  offered_by_id: me.id,
  times: [T1, T2],
  agreed_time: null,
  place: 'Side gate',
  note: null,
  updated_at: new Date().toISOString(),
  ...over,
});

const show = (props: Partial<PickupSectionProps> = {}) =>
  renderWithProviders(<PickupSection listingId={5} pickup={null} isOwner other="rosa" {...props} />, {
    auth: me,
    otherPaths: ['/listings/:id'],
  });

const sentBody = (spy: ReturnType<typeof mockApi>, method: string) =>
  JSON.parse(String(spy.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body));

describe('pickup times on a reserved listing', () => {
  it('offers up to three times and a place when none is arranged yet', async () => {
    let answer!: (r: Response) => void;
    const spy = mockApi({ 'PUT /api/listings/5/pickup': () => new Promise((resolve) => (answer = resolve)) });
    show();
    expect(screen.getByText('No pickup time yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Offer pickup times' }));
    const form = screen.getByRole('form', { name: 'Offer pickup times' });
    fireEvent.change(within(form).getByLabelText('Time 1'), { target: { value: instantToLocal(T1) } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add another time' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add another time' }));
    expect(within(form).queryByRole('button', { name: 'Add another time' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Time 2'), { target: { value: instantToLocal(T2) } });
    await userEvent.click(within(form).getByRole('button', { name: 'Remove time 3' }));
    expect(within(form).queryByLabelText('Time 3')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Place (optional)'), 'Side gate');
    await userEvent.click(within(form).getByRole('button', { name: 'Send times' }));
    expect(within(form).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(sentBody(spy, 'PUT')).toEqual({ times: [T1, T2], place: 'Side gate' });
    answer(json(pickup()));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal under the time it is about', async () => {
    mockApi({
      'PUT /api/listings/5/pickup': json(
        {
          detail: 'Pick a time in the future',
          code: 'VALIDATION_FAILED',
          errors: [
            { field: 'times.0', message: 'Pick a time in the future' },
            { field: 'times', message: 'Offer each time once' },
          ],
        },
        422,
      ),
    });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Offer pickup times' }));
    fireEvent.change(screen.getByLabelText('Time 1'), { target: { value: instantToLocal(T1) } });
    await userEvent.click(screen.getByRole('button', { name: 'Send times' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Time 1')).toHaveAccessibleDescription('Pick a time in the future'),
    );
    expect(screen.getByLabelText('Time 1')).toBeInvalid();
    expect(screen.getByText('Offer each time once')).toBeInTheDocument();
  });

  it('tells the member who offered that the other picks, and lets them move or cancel it', async () => {
    const spy = mockApi({ 'DELETE /api/listings/5/pickup': json(null, 204) });
    show({ pickup: pickup() });
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for rosa to pick a time');
    expect(screen.getByText(formatPickupTime(T1))).toBeInTheDocument();
    expect(screen.getByText(formatPickupTime(T2))).toBeInTheDocument();
    expect(screen.getByText('Side gate')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: formatPickupTime(T1) })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Move the pickup' }));
    const form = screen.getByRole('form', { name: 'Move the pickup' });
    expect(within(form).getByLabelText('Time 1')).toHaveValue(instantToLocal(T1));
    expect(within(form).getByLabelText('Time 2')).toHaveValue(instantToLocal(T2));
    expect(within(form).getByLabelText('Place (optional)')).toHaveValue('Side gate');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the pickup' }));
    await waitFor(() => expect(calls(spy)).toContain('DELETE /api/listings/5/pickup'));
  });

  it('lets the other member pick one of the times, ask for another or offer their own', async () => {
    const spy = mockApi({
      'POST /api/listings/5/pickup/agree': json(pickup({ status: 'agreed', agreed_time: T2 })),
      'POST /api/listings/5/pickup/ask': json(pickup({ status: 'asked', note: 'Evenings suit me' })),
    });
    show({ pickup: pickup({ offered_by_id: rosaId }), isOwner: false });
    expect(screen.getByRole('status')).toHaveTextContent('Pick a time that suits you');
    await userEvent.click(screen.getByRole('button', { name: formatPickupTime(T2) }));
    await waitFor(() => expect(sentBody(spy, 'POST')).toEqual({ time: T2 }));

    await userEvent.click(screen.getByRole('button', { name: 'Offer other times' }));
    expect(screen.getByRole('form', { name: 'Offer pickup times' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Ask for another time' }));
    const form = screen.getByRole('form', { name: 'Ask for another time' });
    await userEvent.type(within(form).getByLabelText(/What would suit you/), 'Evenings suit me');
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for another time' }));
    await waitFor(() => expect(calls(spy)).toContain('POST /api/listings/5/pickup/ask'));
    const ask = spy.mock.calls.find(([url]) => String(url).endsWith('/ask'));
    expect(JSON.parse(String(ask?.[1]?.body))).toEqual({ note: 'Evenings suit me' });
  });

  it('shows the offerer that another time was asked for, with the note, and the asker that they asked', () => {
    const asked = pickup({ status: 'asked', note: 'Evenings suit me' });
    const { unmount } = show({ pickup: asked });
    expect(screen.getByRole('status')).toHaveTextContent('rosa asked for another time');
    expect(screen.getByText('Evenings suit me')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Offer pickup times' })).toBeInTheDocument();
    unmount();
    show({ pickup: { ...asked, offered_by_id: rosaId }, isOwner: false });
    expect(screen.getByRole('status')).toHaveTextContent('Asked for another time');
  });

  it('shows the agreed time and place, and saves it as a calendar file with the session', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.getAttribute('href')} ${this.getAttribute('download')}`);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pickup');
    const spy = mockApi({
      'GET /api/listings/5/pickup.ics': new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
        headers: { 'content-type': 'text/calendar' },
      }),
    });
    show({ pickup: pickup({ status: 'agreed', agreed_time: T2 }), isOwner: false });
    expect(screen.getByRole('status')).toHaveTextContent(`Pickup agreed: ${formatPickupTime(T2)}`);
    expect(screen.getByText('Side gate')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move the pickup' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the pickup' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toEqual(['blob:pickup pickup.ics']));
    const [, init] = spy.mock.calls[0]!;
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer test-token');
  });

  it('asks the owner, once the agreed time has passed, whether it was handed over', async () => {
    const past = pickup({ status: 'agreed', agreed_time: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    const onHandOver = vi.fn();
    const { unmount } = show({ pickup: past, onHandOver });
    expect(screen.getByText(/Was it handed over\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, hand it over' }));
    expect(onHandOver).toHaveBeenCalledOnce();
    unmount();

    const chat = show({ pickup: past });
    expect(screen.getByRole('link', { name: 'Hand it over on the listing' })).toHaveAttribute('href', '/listings/5');
    chat.unmount();

    show({ pickup: past, isOwner: false });
    expect(screen.queryByText(/Was it handed over\?/)).not.toBeInTheDocument();
  });

  it('does not ask yet while the agreed time is still to come', () => {
    show({ pickup: pickup({ status: 'agreed', agreed_time: T1 }), onHandOver: vi.fn() });
    expect(screen.queryByText(/Was it handed over\?/)).not.toBeInTheDocument();
  });

  it('says why a step was refused', async () => {
    mockApi({
      'POST /api/listings/5/pickup/agree': json(
        { detail: 'Pick one of the offered times', code: 'VALIDATION_FAILED' },
        422,
      ),
    });
    show({ pickup: pickup({ offered_by_id: rosaId }), isOwner: false });
    await userEvent.click(screen.getByRole('button', { name: formatPickupTime(T1) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pick one of the offered times');
  });
});
