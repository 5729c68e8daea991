/** Query keys of the messages feature. */
export const messageKeys = {
  all: ['messages'] as const,
  threads: () => [...messageKeys.all, 'threads'] as const,
  /** Every unread message sent to me: the navigation badge. */
  unreadCount: () => [...messageKeys.all, 'unread-count'] as const,
  conversation: (userId: number) => [...messageKeys.all, 'conversation', userId] as const,
};
