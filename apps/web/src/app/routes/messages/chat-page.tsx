import type { Message } from '@gardenswap/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, UserRound } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { SAFETY_TEXTS } from '@gardenswap/shared/safety';
import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { TEXTS } from '@gardenswap/shared/texts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { isOnline } from '../../../lib/offline/connectivity';
import { refreshAfterPush } from '../../../lib/query-client';
import { useSocket, useCatchUpOnConnect, useSocketEvent } from '../../../lib/socket';
import { messageKeys } from '../../../features/messages/api/keys';
import { useChatMember } from '../../../features/messages/api/use-chat-member';
import {
  addToConversation,
  conversationMessages,
  useConversation,
} from '../../../features/messages/api/use-conversation';
import { useSendMessage } from '../../../features/messages/api/use-send-message';
import {
  cancelWaitingMessage,
  queueMessage,
  useWaitingMessages,
  wentUnanswered,
} from '../../../features/messages/api/queued-messages';
import { newClientId } from '../../../features/messages/client-id';
import { emitEvent } from '../../../features/messages/socket-emit';
import { PushAskCard } from '../../../features/push/components/push-ask-card';
import { ReportButton } from '../../../features/safety/components/report-button';
import { ReservedPickups } from '../../../features/trade/components/reserved-pickups';
import { ChatComposer } from '../../../features/messages/components/chat-composer';
import { type ChatItem, MessageList } from '../../../features/messages/components/message-list';
import '../../../features/messages/messages.css';
import { ListingCardMessage } from './listing-card-message';

/** A message of mine still on its way, or one the server did not take. */
interface Outgoing {
  client_id: string;
  content: string;
  created_at: string;
  status: 'sending' | 'failed';
}

/** A member id from the address: a positive whole number, else nothing. */
function parseId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** How long "typing…" shows after the last typing signal; the sender repeats it every second. */
export const TYPING_SHOWN_MS = 3_000;
/** The least time between two typing signals I send. */
export const TYPING_SEND_INTERVAL_MS = 1_000;

const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 403;
/** Why the server would not take a message, when it is something the member should know. */
function refusedText(error: unknown) {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'FORBIDDEN') return SAFETY_TEXTS.cannotMessage;
  // By socket or by HTTP (429): the message stays on screen as not sent, to retry after a moment.
  if (error.code === 'RATE_LIMITED') return TEXTS.messagesTooFast;
  return undefined;
}

const itemKey = (senderId: number, clientId: string | null, id: number) =>
  clientId ? `c:${senderId}:${clientId}` : `m:${id}`;

/** /messages/{otherId}: one conversation, live. */
export default function ChatPage() {
  const { otherId } = useParams();
  const { auth } = useAuth();
  const id = parseId(otherId);
  if (!auth) return <EmptyState>Please log in to see your messages.</EmptyState>;
  if (id === undefined || id === auth.user.id) return <Navigate to="/messages" replace />;
  return <Chat key={id} otherId={id} meId={auth.user.id} />;
}

function Chat({ otherId, meId }: { otherId: number; meId: number }) {
  const queryClient = useQueryClient();
  const member = useChatMember(otherId);
  const conversation = useConversation(otherId);
  const socket = useSocket();
  const send = useSendMessage(socket);
  // Messages that arrived or were confirmed while the page is open; kept apart from the cache so a
  // refetch that started before they were stored cannot hide them.
  const [live, setLive] = useState<Message[]>([]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  // Written while offline (here or before a reload): kept on the device until the outbox sends them.
  const waiting = useWaitingMessages(meId, otherId);
  // The newest of my messages the other member has read, as told live by messages_read.
  const [seenUpTo, setSeenUpTo] = useState(0);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastTypingSent = useRef(0);
  const [refused, setRefused] = useState<string>();
  // The member sent a message here: the moment to ask about notifications of the answer.
  const [sentHere, setSentHere] = useState(false);
  // Sends numbered in the order they start, and the number of the latest one refused.
  const attempts = useRef(0);
  const refusedAt = useRef(0);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const stopTyping = () => {
    clearTimeout(typingTimer.current);
    setTyping(false);
  };

  const keep = (message: Message) => {
    setLive((all) => (all.some((m) => m.id === message.id) ? all : [...all, message]));
    addToConversation(queryClient, otherId, message);
  };

  useSocketEvent('new_message', (message) => {
    refreshAfterPush(queryClient, messageKeys.threads());
    const between =
      (message.sender_id === otherId && message.receiver_id === meId) ||
      (message.sender_id === meId && message.receiver_id === otherId);
    if (!between) return;
    keep(message);
    if (message.sender_id !== otherId) return;
    stopTyping();
    // Read at once, since it is on screen; without the socket, fetching the conversation marks it.
    if (!emitEvent(socket, 'mark_read', { user_id: otherId }))
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(otherId) });
  });

  useSocketEvent('messages_read', (event) => {
    if (event.reader_id === otherId && event.user_id === meId) setSeenUpTo((up) => Math.max(up, event.up_to_id));
  });

  useSocketEvent('typing', (event) => {
    if (event.user_id !== otherId) return;
    setTyping(true);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
  });

  const onTyping = () => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SEND_INTERVAL_MS) return;
    if (emitEvent(socket, 'typing', { receiver_id: otherId })) lastTypingSent.current = now;
  };

  useCatchUpOnConnect(() => refreshAfterPush(queryClient, messageKeys.conversation(otherId)));

  // Loading the conversation marked it read; the thread list's unread count follows.
  useEffect(() => {
    if (!conversation.dataUpdatedAt) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() });
  }, [conversation.dataUpdatedAt, queryClient]);

  const deliver = (message: Outgoing) => {
    setOutgoing((all) => all.map((m) => (m.client_id === message.client_id ? { ...m, status: 'sending' } : m)));
    const attempt = ++attempts.current;
    // mutateAsync answers every send; mutate's own callbacks would answer only the latest of
    // several in flight, leaving an earlier refused one shown as sending.
    send.mutateAsync({ receiver_id: otherId, content: message.content, client_id: message.client_id }).then(
      (stored) => {
        // A send that started after the last refusal shows it no longer holds.
        if (attempt > refusedAt.current) setRefused(undefined);
        setSentHere(true);
        keep(stored);
        setOutgoing((all) => all.filter((m) => m.client_id !== message.client_id));
      },
      (error: unknown) => {
        if (wentUnanswered(error)) return void keepForLater(message);
        refusedAt.current = attempt;
        setRefused(refusedText(error));
        setOutgoing((all) => all.map((m) => (m.client_id === message.client_id ? { ...m, status: 'failed' } : m)));
      },
    );
  };

  const markFailed = (message: Outgoing) =>
    setOutgoing((all) => all.map((m) => (m.client_id === message.client_id ? { ...m, status: 'failed' } : m)));

  // No connection: the message waits on the device, with the same client_id, and goes when it is back.
  const keepForLater = (message: Outgoing) =>
    queueMessage(meId, { receiver_id: otherId, content: message.content, client_id: message.client_id }).then(
      () => setOutgoing((all) => all.filter((m) => m.client_id !== message.client_id)),
      () => markFailed(message),
    );

  const onCancel = (key: string) => {
    const entry = waiting.find((m) => itemKey(meId, m.payload.client_id, 0) === key);
    if (entry) void cancelWaitingMessage(meId, entry.id);
  };

  const onSend = (content: string) => {
    const message: Outgoing = {
      client_id: newClientId(),
      content,
      created_at: new Date().toISOString(),
      status: 'sending',
    };
    setOutgoing((all) => [...all, message]);
    if (isOnline()) deliver(message);
    else void keepForLater(message);
  };

  const onRetry = (key: string) => {
    const message = outgoing.find((m) => itemKey(meId, m.client_id, 0) === key);
    if (message) deliver(message);
  };

  const items = useMemo<ChatItem[]>(() => {
    const byId = new Map<number, Message>();
    for (const m of conversationMessages(conversation.data)) byId.set(m.id, m);
    for (const m of live) byId.set(m.id, m);
    const stored = [...byId.values()].sort((a, b) => a.id - b.id);
    const storedClientIds = new Set(stored.filter((m) => m.sender_id === meId).map((m) => m.client_id));
    const lastSeen = stored.findLast((m) => m.sender_id === meId && (m.read_at !== null || m.id <= seenUpTo))?.id;
    return [
      ...stored.map((m) => ({
        key: itemKey(m.sender_id, m.client_id, m.id),
        content: m.content,
        created_at: m.created_at,
        mine: m.sender_id === meId,
        status: 'sent' as const,
        seen: m.id === lastSeen,
        listing_id: m.listing_id ?? null,
      })),
      ...waiting
        .filter((m) => !storedClientIds.has(m.payload.client_id))
        .map((m) => ({
          key: itemKey(meId, m.payload.client_id, 0),
          content: m.payload.content,
          created_at: m.created_at,
          mine: true,
          status: m.state,
          note:
            m.state !== 'failed' ? undefined : m.error ? OFFLINE_TEXTS.notSent(m.error) : OFFLINE_TEXTS.notSentFallback,
          cancellable: m.state !== 'sending',
        })),
      ...outgoing
        .filter((m) => !storedClientIds.has(m.client_id) && !waiting.some((w) => w.payload.client_id === m.client_id))
        .map((m) => ({
          key: itemKey(meId, m.client_id, 0),
          content: m.content,
          created_at: m.created_at,
          mine: true,
          status: m.status,
        })),
    ];
  }, [conversation.data, live, outgoing, waiting, meId, seenUpTo]);

  // No profile, yet a conversation: the member deleted their account. It stays readable, not answerable.
  const noProfile = member.error instanceof ApiError && member.error.status === 404;
  const deleted = noProfile && conversationMessages(conversation.data).length > 0;
  if (noProfile && !deleted && !conversation.isPending) {
    return (
      <section className="messages-page">
        <h1>Chat</h1>
        <EmptyState>
          <p>User not found</p>
          <Link to="/messages">Back to messages</Link>
        </EmptyState>
      </section>
    );
  }

  const name = deleted ? ACCOUNT_TEXTS.deletedMember : (member.data?.username ?? '');
  const shown = deleted || member.data !== undefined;
  return (
    // Fills what the header, any banner and the navigation leave, so the message box stays in sight.
    <section className="chat-page fill-screen" aria-labelledby="chat-title">
      <header className="chat-header">
        <Link to="/messages" className="icon-button" aria-label="Back to messages">
          <ArrowLeft aria-hidden size={22} />
        </Link>
        {shown && <Avatar src={member.data?.profile_picture ?? null} name={name} size={40} />}
        <h1 id="chat-title" className="chat-title">
          {shown ? (
            <>
              <span className="chat-title-lead">Chat with</span> <MiddleEllipsis text={name} />
            </>
          ) : (
            'Chat'
          )}
        </h1>
        {member.data && (
          <Link to={`/seller/${otherId}`} className="button chat-profile-link" aria-label="View profile">
            <UserRound aria-hidden size={18} />
            <span className="chat-profile-text">View profile</span>
          </Link>
        )}
        {member.data && <ReportButton targetType="user" targetId={otherId} label="Report" />}
      </header>
      {member.data && <ReservedPickups otherId={otherId} otherName={member.data.username} />}
      {member.isError && !noProfile && <ErrorBanner message={errorText(member.error, 'Failed to load data')} />}
      <ErrorBanner message={refused ?? (isRefusal(conversation.error) ? SAFETY_TEXTS.cannotMessage : null)} />
      {conversation.isError && !isRefusal(conversation.error) && (
        <div className="chat-error">
          <ErrorBanner message="Failed to load messages. Please try again later." />
          <button type="button" className="button" onClick={() => void conversation.refetch()}>
            Try again
          </button>
        </div>
      )}
      {/* Offline with nothing kept of the conversation, what waits to be sent still shows. */}
      {conversation.isPending && waiting.length === 0 ? (
        <div className="chat-scroll">
          <Loading />
        </div>
      ) : (
        <MessageList
          items={items}
          otherName={name || 'Them'}
          hasEarlier={conversation.hasNextPage}
          loadingEarlier={conversation.isFetchingNextPage}
          onLoadEarlier={() => void conversation.fetchNextPage()}
          onRetry={onRetry}
          onCancel={onCancel}
          empty={conversation.isError ? null : <p className="muted">No messages yet. Say hello!</p>}
          renderListingCard={(listingId) => <ListingCardMessage listingId={listingId} />}
          footer={sentHere && !deleted ? <PushAskCard /> : null}
        />
      )}
      <p className="chat-typing" aria-live="polite">
        {typing && name ? `${name} is typing…` : ''}
      </p>
      {deleted ? (
        <p className="muted chat-closed" role="note">
          {ACCOUNT_TEXTS.deletedMemberChat}
        </p>
      ) : (
        <ChatComposer onSend={onSend} onTyping={onTyping} />
      )}
    </section>
  );
}
