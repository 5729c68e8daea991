import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { calls, mockApi } from '../../../test/api-stubs';
import { TradeRecordSection } from './trade-record';

const me = { id: 1, username: 'gardener' };
const record = {
  trade_count: 14,
  thanks_count: 11,
  latest_thanks: [
    {
      id: 30,
      trade_id: 3,
      content: 'Best zucchini ever',
      listing_title: 'Zucchini',
      created_at: '2026-11-25T10:00:00Z',
      from_user: { id: 7, username: 'rosa', profile_picture: null },
    },
  ],
};

describe('the trade record on a seller page', () => {
  it('counts trades and thanks and shows the latest thanks, without "Hide" to others', async () => {
    mockApi({ 'GET /api/auth/users/7/trades': json(record) });
    renderWithProviders(<TradeRecordSection userId={7} own={false} />, { auth: me });
    expect(await screen.findByRole('heading', { name: '14 trades · 11 thanks' })).toBeInTheDocument();
    expect(screen.getByText('“Best zucchini ever”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rosa' })).toHaveAttribute('href', '/seller/7');
    expect(screen.queryByRole('button', { name: 'Hide this thanks' })).not.toBeInTheDocument();
  });

  it('lets the member hide a thanks given to them', async () => {
    const spy = mockApi({
      'GET /api/auth/users/1/trades': json({ ...record, trade_count: 1, thanks_count: 1 }),
      'POST /api/thanks/30/hide': json(null, 204),
    });
    renderWithProviders(<TradeRecordSection userId={1} own />, { auth: me });
    expect(await screen.findByRole('heading', { name: '1 trade · 1 thanks' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide this thanks' }));
    expect(calls(spy)).toContain('POST /api/thanks/30/hide');
  });
});
