import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { useAuth } from '../../../lib/auth-context';
import { refreshAfterPush } from '../../../lib/query-client';
import { useCatchUpOnConnect, useSocketEvent } from '../../../lib/socket';
import { messageKeys } from '../../../features/messages/api/keys';
import { useThreads } from '../../../features/messages/api/use-threads';
import { ThreadRow } from '../../../features/messages/components/thread-row';
import '../../../features/messages/messages.css';
import { SearchField } from '../../../components/search-field';

/** /messages: my conversations, newest first, with a search over names and last messages. */
export default function MessagesPage() {
  const { auth } = useAuth();
  if (!auth) {
    return (
      <section className="messages-page">
        <h1>Messages</h1>
        <EmptyState>Please log in to see your messages.</EmptyState>
      </section>
    );
  }
  return <ThreadList meId={auth.user.id} />;
}

function ThreadList({ meId }: { meId: number }) {
  const threads = useThreads();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');

  const refresh = () => refreshAfterPush(queryClient, messageKeys.threads());
  useCatchUpOnConnect(refresh);
  useSocketEvent('new_message', refresh);
  // A read in another tab clears that thread's unread count here too.
  useSocketEvent('messages_read', (event) => {
    if (event.reader_id === meId) refresh();
  });

  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const all = threads.data ?? [];
    if (!needle) return all;
    return all.filter(
      (t) =>
        t.username.toLocaleLowerCase().includes(needle) || t.last_message.content.toLocaleLowerCase().includes(needle),
    );
  }, [threads.data, search]);

  return (
    <section className="messages-page">
      <h1>Messages</h1>
      <SearchField
        label="Search messages"
        placeholder="Search"
        value={search}
        onChange={setSearch}
        className="thread-search"
      />
      {threads.isError && (
        <div className="thread-error">
          <ErrorBanner message="Failed to load conversations. Please try again later." />
          <button type="button" className="button" onClick={() => void threads.refetch()}>
            Try again
          </button>
        </div>
      )}
      {threads.isPending ? (
        <Loading />
      ) : !threads.data ? null : shown.length === 0 ? (
        <EmptyState>No conversations found.</EmptyState>
      ) : (
        <ul className="thread-list" aria-label="Conversations">
          {shown.map((thread) => (
            <ThreadRow key={thread.user_id} thread={thread} meId={meId} />
          ))}
        </ul>
      )}
    </section>
  );
}
