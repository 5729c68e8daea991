import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeAuth } from '../../../lib/auth-storage';
import { json } from '../../../test/render';
import { buildListing, calls, mockApi } from '../../../test/api-stubs';
import { readMarketplace } from '../utils/marketplace-filter';
import { listingKeys } from '../../../lib/query-keys';
import { prefetchMarketplace } from './prefetch-marketplace';

const PUBLIC_SEEDS = 'GET /api/listings/?public=true&category_id=2';

describe('prefetching the marketplace', () => {
  beforeEach(() => localStorage.clear());

  it("asks for the address's list ahead of the page, under the key the page reads", async () => {
    writeAuth('test-token', { id: 1, username: 'gardener' });
    const api = mockApi({ [PUBLIC_SEEDS]: json([buildListing({ title: 'Bean seeds' })]) });
    const queryClient = new QueryClient();
    const params = new URLSearchParams('tab=public&category=seeds');
    prefetchMarketplace(queryClient, params);
    await expect
      .poll(() => queryClient.getQueryState(listingKeys.list(readMarketplace(params).list!))?.status)
      .toBe('success');
    expect(calls(api)).toEqual([PUBLIC_SEEDS]);
  });

  it('asks nothing for a guest, nor when the filters show no kind of listing', () => {
    const api = mockApi({});
    const queryClient = new QueryClient();
    prefetchMarketplace(queryClient, new URLSearchParams('tab=public&category=seeds'));
    writeAuth('test-token', { id: 1, username: 'gardener' });
    prefetchMarketplace(queryClient, new URLSearchParams('types='));
    expect(calls(api)).toEqual([]);
  });
});
