import { MODERATION_TEXTS, type ModerationEvent } from '@gardenswap/shared/moderation';
import { CalendarDays } from 'lucide-react';
import { imageUrl } from '../../../lib/api-client';
import { dayLabel, timeOfDay } from '../../../lib/format';

/** An event as a moderator sees it: photo, title, when and where, its text, and whether it is cancelled or hidden. */
export function EventSummary({ event }: { event: ModerationEvent }) {
  const src = imageUrl(event.thumbnail);
  return (
    <div className="moderation-listing">
      <div className="moderation-photo">
        {src ? <img src={src} alt={event.title} width={96} height={96} /> : <CalendarDays aria-hidden size={40} />}
      </div>
      <div>
        <h3 className="moderation-listing-title">{event.title}</h3>
        <p className="moderation-small muted">
          <time dateTime={event.starts_at}>
            {dayLabel(event.starts_at)} {timeOfDay(event.starts_at)}
          </time>{' '}
          · {[event.place_name, event.address, event.zip_code].filter(Boolean).join(', ')}
        </p>
        <p className="moderation-small">{event.description || <span className="muted">No description</span>}</p>
        <p className="listing-badges">
          {event.cancelled_at !== null && <span className="badge badge-muted">Cancelled</span>}
          {event.hidden_reason !== null && (
            <span className="badge badge-warn">
              {MODERATION_TEXTS.hiddenNotice}: {event.hidden_reason}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
