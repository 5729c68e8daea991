import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { Fragment, type ReactNode, type UIEvent, useLayoutEffect, useRef } from 'react';
import { dayLabel, timeOfDay } from '../../../lib/format';

/** One bubble: a stored message, or one of mine still on its way or waiting on the device for the connection. */
export interface ChatItem {
  /** Stable across "sending" and stored, so the bubble stays put when the server confirms it. */
  key: string;
  content: string;
  created_at: string;
  mine: boolean;
  status: 'sent' | 'sending' | 'waiting' | 'failed';
  /** Why it was not sent, when the server refused it for good (then there is no retry). */
  note?: string;
  /** Kept on the device until the connection is back: the member may take it back. */
  cancellable?: boolean;
  /** My last message the other member has read: "Seen" shows under it. */
  seen?: boolean;
  /** The listing the message carries a card of ("I'd like this"). */
  listing_id?: number | null;
}

interface MessageListProps {
  items: ChatItem[];
  otherName: string;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry: (key: string) => void;
  /** Takes back a message waiting on the device. */
  onCancel?: (key: string) => void;
  empty: ReactNode;
  /** The card of the listing a message carries; the page supplies it, as it shows another feature's data. */
  renderListingCard: (listingId: number) => ReactNode;
  /** What follows the newest message in the scroll (the page's question about notifications), never taking the composer's room. */
  footer?: ReactNode;
}

/** How close to an edge counts as being there, in pixels. */
const EDGE = 96;

const dayKey = (iso: string) => new Date(iso).toDateString();

/**
 * The conversation, oldest at the top, with a divider per day. Stays at the newest message when one
 * arrives (if the reader is at the bottom or it is theirs) and keeps the reader's place when older
 * messages load above.
 */
export function MessageList(props: MessageListProps) {
  const {
    items,
    otherName,
    hasEarlier,
    loadingEarlier,
    onLoadEarlier,
    onRetry,
    onCancel,
    empty,
    renderListingCard,
    footer,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shape = useRef<{ first?: string; last?: string; height: number } | null>(null);
  const first = items[0]?.key;
  const lastItem = items.at(-1);
  const last = lastItem?.key;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = shape.current;
    if (!before || before.last !== last) {
      if (!before || atBottom.current || lastItem?.mine) el.scrollTop = el.scrollHeight;
    } else if (before.first !== first) {
      el.scrollTop += el.scrollHeight - before.height;
    }
    shape.current = { first, last, height: el.scrollHeight };
  }, [first, last, lastItem?.mine]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE;
    if (el.scrollTop < EDGE && hasEarlier && !loadingEarlier && shape.current) onLoadEarlier();
  };

  return (
    // Focusable, so the conversation scrolls with the keyboard too.
    <div
      className="chat-scroll"
      ref={scroller}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label="Conversation"
    >
      {hasEarlier && (
        <div className="chat-earlier">
          <button type="button" className="button button-ghost" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? 'Loading...' : 'Load earlier messages'}
          </button>
        </div>
      )}
      {items.length === 0 ? (
        <div className="chat-empty">{empty}</div>
      ) : (
        <div role="log" aria-label="Messages">
          <ol className="chat-messages">
            {items.map((item, index) => {
              const newDay = index === 0 || dayKey(items[index - 1]!.created_at) !== dayKey(item.created_at);
              return (
                <Fragment key={item.key}>
                  {newDay && (
                    <li className="chat-divider">
                      <span>{dayLabel(item.created_at)}</span>
                    </li>
                  )}
                  <Bubble
                    item={item}
                    otherName={otherName}
                    onRetry={onRetry}
                    onCancel={onCancel}
                    renderListingCard={renderListingCard}
                  />
                </Fragment>
              );
            })}
          </ol>
        </div>
      )}
      {footer}
    </div>
  );
}

function Bubble(props: {
  item: ChatItem;
  otherName: string;
  onRetry: (key: string) => void;
  onCancel?: (key: string) => void;
  renderListingCard: (listingId: number) => ReactNode;
}) {
  const { item, otherName, onRetry, onCancel, renderListingCard } = props;
  return (
    <li className={`bubble-row ${item.mine ? 'bubble-row-out' : 'bubble-row-in'}`}>
      <div
        className={`bubble${item.status === 'failed' ? ' bubble-failed' : item.status === 'waiting' ? ' bubble-waiting' : ''}`}
      >
        <span className="visually-hidden">{item.mine ? 'You:' : `${otherName}:`} </span>
        {item.listing_id ? renderListingCard(item.listing_id) : null}
        <p className="bubble-text">{item.content}</p>
        <span className="bubble-meta">
          {item.status === 'sending' ? (
            'Sending...'
          ) : item.status === 'waiting' ? (
            OFFLINE_TEXTS.waitingToSend
          ) : (
            <time dateTime={item.created_at}>{timeOfDay(item.created_at)}</time>
          )}
        </span>
      </div>
      {item.seen && <span className="bubble-seen">Seen</span>}
      {item.status === 'failed' &&
        (item.note ? (
          <span className="bubble-note">{item.note}</span>
        ) : (
          <button type="button" className="link-button bubble-retry" onClick={() => onRetry(item.key)}>
            Not sent — tap to retry
          </button>
        ))}
      {item.cancellable && onCancel && (
        <button
          type="button"
          className="link-button bubble-cancel"
          aria-label={OFFLINE_TEXTS.cancelMessage}
          onClick={() => onCancel(item.key)}
        >
          {OFFLINE_TEXTS.cancel}
        </button>
      )}
    </li>
  );
}
