import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, refreshAfterPush } from './query-client';
import { userKeys } from './query-keys';

const SELLER = { id: 7, username: 'tomas_grows' };
const refused = (status: number) => () => Promise.reject(new ApiError(status, 'NOT_FOUND', 'User not found'));

describe('the app query cache', () => {
  const clients: ReturnType<typeof createQueryClient>[] = [];
  const client = () => {
    const queryClient = createQueryClient();
    clients.push(queryClient);
    return queryClient;
  };
  afterEach(() => {
    for (const queryClient of clients.splice(0)) queryClient.clear();
  });

  it.each([403, 404])('drops a member’s cached profile when a query about them answers %i', async (status) => {
    const queryClient = client();
    queryClient.setQueryData(userKeys.public(SELLER.id), SELLER);
    await queryClient
      .fetchQuery({
        queryKey: ['trades', 'record', SELLER.id],
        queryFn: refused(status),
        meta: { forgetOnRefusal: userKeys.public(SELLER.id) },
      })
      .catch(() => undefined);
    expect(queryClient.getQueryData(userKeys.public(SELLER.id))).toBeUndefined();
  });

  it('keeps other members’ profiles, and keeps the profile on an answer that is not a refusal', async () => {
    const queryClient = client();
    queryClient.setQueryData(userKeys.public(SELLER.id), SELLER);
    queryClient.setQueryData(userKeys.public(8), { id: 8, username: 'ana' });
    await queryClient
      .fetchQuery({
        queryKey: ['trades', 'record', 8],
        queryFn: refused(500),
        meta: { forgetOnRefusal: userKeys.public(8) },
        retry: false,
      })
      .catch(() => undefined);
    await queryClient
      .fetchQuery({ queryKey: ['listings', 'any'], queryFn: refused(404), meta: {} })
      .catch(() => undefined);
    expect(queryClient.getQueryData(userKeys.public(SELLER.id))).toEqual(SELLER);
    expect(queryClient.getQueryData(userKeys.public(8))).toEqual({ id: 8, username: 'ana' });
  });

  it('asks again when a push arrives while the first answer is still on its way, instead of keeping that answer', async () => {
    const queryClient = client();
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['threads'],
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    refreshAfterPush(queryClient, ['threads']);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!('read before the message');
    answers[1]!('read after the message');
    await vi.waitFor(() => expect(queryClient.getQueryData(['threads'])).toBe('read after the message'));
    unsubscribe();
  });
});
