import { PAGE_LIMIT_DEFAULT } from '@gardenswap/shared/constants';
import type { Message } from '@gardenswap/shared/messages';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { userKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** How many messages one page holds, the newest first and then back in time. */
export const CONVERSATION_PAGE = PAGE_LIMIT_DEFAULT;

type Pages = InfiniteData<Message[], number | undefined>;

/**
 * GET /messages/{userId}: the newest page, then older pages with `?before=<oldest id>`.
 * Fetching marks the other member's messages to me as read.
 */
export function useConversation(userId: number | undefined) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(userId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api<Message[]>(`/messages/${userId}`, { query: { before: pageParam, limit: CONVERSATION_PAGE }, signal }),
    initialPageParam: undefined as number | undefined,
    // Pages are ascending; the first message of a full page is where the next older page ends.
    getNextPageParam: (page) => (page.length < CONVERSATION_PAGE ? undefined : page[0]?.id),
    enabled: userId !== undefined,
    meta: userId === undefined ? undefined : { forgetOnRefusal: userKeys.public(userId) },
  });
}

/** Every message of the loaded pages, oldest first, each once. */
export function conversationMessages(data: { pages: Message[][] } | undefined): Message[] {
  const byId = new Map<number, Message>();
  for (const page of data?.pages ?? []) for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Puts a message just sent or received into the cached conversation, unless it is there already. */
export function addToConversation(queryClient: QueryClient, userId: number, message: Message) {
  queryClient.setQueryData<Pages>(messageKeys.conversation(userId), (data) => {
    if (!data?.pages.length) return data;
    if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [[...newest!, message].sort((a, b) => a.id - b.id), ...older] };
  });
}
