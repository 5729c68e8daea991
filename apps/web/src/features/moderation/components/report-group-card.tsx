import { MODERATION_TEXTS, type ReportGroup } from '@gardenswap/shared/moderation';
import { Link } from 'react-router';
import { useMe } from '../../../lib/auth-context';
import { dayLabel, timeOfDay } from '../../../lib/format';
import type { ActionKind } from './action-dialog';
import { EventSummary } from './event-summary';
import { ListingSummary } from './listing-summary';
import { MemberLine } from './member-line';

const when = (iso: string) => `${dayLabel(iso)} ${timeOfDay(iso)}`;

const KIND_LABELS = { listing: 'Listing', message: 'Message', user: 'Member', event: 'Event' } as const;

/** The card's heading: what was reported. */
function titleOf(group: ReportGroup): string {
  const target = group.target;
  if (!target) return `${KIND_LABELS[group.target_type]} #${group.target_id}`;
  if (target.type === 'listing') return `Listing “${target.listing.title}”`;
  if (target.type === 'message') return `Message from ${target.member.username}`;
  if (target.type === 'event') return `Event “${target.event.title}”`;
  return `Member ${target.member.username}`;
}

/** How the target reads in a sentence, for the confirmation. */
export function subjectOf(group: ReportGroup): string {
  const target = group.target;
  if (!target) return `this ${KIND_LABELS[group.target_type].toLowerCase()}`;
  if (target.type === 'listing') return `the listing “${target.listing.title}”`;
  if (target.type === 'message') return `a message from ${target.member.username}`;
  if (target.type === 'event') return `the event “${target.event.title}”`;
  return target.member.username;
}

/** The reported thing, shown as the members saw it. */
function TargetContext({ group }: { group: ReportGroup }) {
  const target = group.target;
  if (!target) return <p className="muted">{MODERATION_TEXTS.targetGone}.</p>;
  if (target.type === 'listing') {
    return (
      <div className="moderation-context">
        <ListingSummary listing={target.listing} />
        <MemberLine member={target.member} role="Owner" />
      </div>
    );
  }
  if (target.type === 'event') {
    return (
      <div className="moderation-context">
        <EventSummary event={target.event} />
        <MemberLine member={target.member} role="Host" />
      </div>
    );
  }
  if (target.type === 'message') {
    return (
      <div className="moderation-context">
        <p className="moderation-small muted">
          Conversation between {target.member.username} and {target.receiver.username}
        </p>
        <ol className="moderation-thread" aria-label="Messages around the reported one">
          {target.context.map((m) => (
            <li key={m.id} className={m.id === target.message.id ? 'moderation-reported' : undefined}>
              <p className="moderation-small">
                <strong>{m.sender_username}</strong> · <time dateTime={m.created_at}>{when(m.created_at)}</time>
                {m.id === target.message.id && <span className="badge badge-warn">Reported</span>}
              </p>
              <p className="moderation-message">{m.content}</p>
            </li>
          ))}
        </ol>
        <MemberLine member={target.member} role="Sender" />
      </div>
    );
  }
  return (
    <div className="moderation-context">
      <MemberLine member={target.member} role="Member" />
    </div>
  );
}

/** One target's open reports: the target in context, every reason and reporter, and the actions. */
export function ReportGroupCard({ group, onAct }: { group: ReportGroup; onAct: (kind: ActionKind) => void }) {
  const me = useMe();
  const member = group.target?.member;
  const aboutMe = member?.id === me.id;
  const count = group.reports.length;
  return (
    <li className="card moderation-group">
      <div className="spread">
        <h2 className="moderation-group-title">{titleOf(group)}</h2>
        <span className="badge badge-warn">
          {count} report{count === 1 ? '' : 's'}
        </span>
      </div>
      <TargetContext group={group} />
      <ul className="moderation-reports" aria-label="Reports">
        {group.reports.map((r) => (
          <li key={r.id}>
            <p className="moderation-reason">“{r.reason}”</p>
            <p className="moderation-small muted">
              by <Link to={`/seller/${r.reporter.id}`}>{r.reporter.username}</Link> ·{' '}
              <time dateTime={r.created_at}>{when(r.created_at)}</time>
            </p>
          </li>
        ))}
      </ul>
      {aboutMe ? (
        <p className="muted">{MODERATION_TEXTS.aboutYou}</p>
      ) : (
        <div className="moderation-actions">
          <button type="button" className="button" onClick={() => onAct('dismiss')}>
            Dismiss
          </button>
          {group.target?.type === 'listing' && group.target.listing.hidden_reason === null && (
            <button type="button" className="button button-danger-outline" onClick={() => onAct('hide_listing')}>
              Hide listing
            </button>
          )}
          {group.target?.type === 'event' && group.target.event.hidden_reason === null && (
            <button type="button" className="button button-danger-outline" onClick={() => onAct('hide_event')}>
              Hide event
            </button>
          )}
          {member && (
            <>
              <button type="button" className="button button-danger-outline" onClick={() => onAct('warn')}>
                Warn {member.username}
              </button>
              <button type="button" className="button button-danger-outline" onClick={() => onAct('suspend')}>
                Suspend {member.username}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
