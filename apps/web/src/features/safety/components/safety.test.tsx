import { SAFETY_TEXTS } from '@gardenswap/shared/safety';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { BlockButton } from './block-button';
import { BlockedMembers } from './blocked-members';
import { ReportButton, ReportListingLink } from './report-button';

function stubFetch(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    return answers[key]?.() ?? json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}
const bodyOf = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(fetch.mock.calls.find(([u]) => String(u) === path)![1]!.body)) as unknown;

afterEach(() => vi.restoreAllMocks());
const ME = { id: 1, username: 'maria' };

describe('report', () => {
  it('asks for a reason of at least 3 characters before sending anything', async () => {
    const fetch = stubFetch({});
    renderWithProviders(<ReportButton targetType="message" targetId={55} />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Report message' }));
    expect(screen.getByRole('dialog', { name: 'Report message' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SAFETY_TEXTS.reportReasonShort);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SAFETY_TEXTS.reportReasonShort);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a reason over 1000 characters is too long', async () => {
    stubFetch({});
    renderWithProviders(<ReportButton targetType="user" targetId={7} />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Report member' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Reason' }));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SAFETY_TEXTS.reportReasonLong);
  });

  it('sends a listing report from the small link and thanks the member', async () => {
    const fetch = stubFetch({ 'POST /api/reports': () => json({ id: 1 }, 201) });
    renderWithProviders(<ReportListingLink listingId={40} />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Report listing' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), '  Not a plant at all ');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SAFETY_TEXTS.reportSent)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(fetch, '/api/reports')).toEqual({
      target_type: 'listing',
      target_id: 40,
      reason: 'Not a plant at all',
    });
  });

  it('shows the server’s answer when the report is refused, and keeps the reason', async () => {
    stubFetch({
      'POST /api/reports': () => json({ detail: SAFETY_TEXTS.reportTargetNotFound, code: 'NOT_FOUND' }, 404),
    });
    renderWithProviders(<ReportButton targetType="listing" targetId={40} />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Report listing' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Spam');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SAFETY_TEXTS.reportTargetNotFound)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('Spam');
  });

  it('closes with Cancel without sending', async () => {
    const fetch = stubFetch({});
    renderWithProviders(<ReportButton targetType="user" targetId={7} />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Report member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('block', () => {
  it('blocks only after confirming', async () => {
    const fetch = stubFetch({ 'POST /api/blocks': () => json({ user_id: 7 }, 201) });
    renderWithProviders(<BlockButton userId={7} username="tomas_grows" />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block tomas_grows?' });
    expect(dialog).toHaveTextContent('you cannot message each other');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole('button', { name: 'Block' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetch, '/api/blocks')).toEqual({ user_id: 7 });
  });

  it('keeps the dialog open with the error when blocking fails', async () => {
    stubFetch({ 'POST /api/blocks': () => json({ detail: 'Something went wrong', code: 'INTERNAL' }, 500) });
    renderWithProviders(<BlockButton userId={7} username="tomas_grows" />, { auth: ME });
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Block' }).at(-1)!);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Block tomas_grows?' })).toBeInTheDocument();
  });
});

describe('blocked members on the profile', () => {
  it('lists the members I blocked and unblocks one', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (String(input) === '/api/blocks' && (init?.method ?? 'GET') === 'GET') {
        return json([
          { id: 9, username: 'noisy_neighbour', profile_picture: null, created_at: '2026-01-01T00:00:00.000Z' },
        ]);
      }
      return json(null, 204);
    });
    renderWithProviders(<BlockedMembers />, { auth: { id: 1, username: 'rosa' } });
    expect(await screen.findByText('noisy_neighbour')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/blocks/9'));
  });
});
