import { MODERATION_TEXTS, type ModerationLogEntry } from '@gardenswap/shared/moderation';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { dayLabel, timeOfDay } from '../../../lib/format';
import { useModerationLog } from '../api/use-moderation-log';

const when = (iso: string) => `${dayLabel(iso)} ${timeOfDay(iso)}`;

function describe(entry: ModerationLogEntry): string {
  const member = entry.member?.username ?? 'a former member';
  switch (entry.action) {
    case 'dismiss':
      return `dismissed the reports about ${entry.target_label}`;
    case 'hide_listing':
      return `hid the listing ${entry.target_label}`;
    case 'hide_event':
      return `hid ${entry.target_label}`;
    case 'warn':
      return `warned ${member} (${entry.target_label})`;
    case 'suspend':
      return `suspended ${member} ${entry.suspended_until ? `until ${when(entry.suspended_until)}` : 'for good'} (${entry.target_label})`;
    case 'lift_suspension':
      return `lifted the suspension of ${member}`;
    case 'unhide_listing':
      return `unhid the listing ${entry.target_label}`;
    case 'unhide_event':
      return `unhid ${entry.target_label}`;
  }
}

/** The audit log: who did what to which target, why and when, the newest first. */
export function ModerationLog() {
  const log = useModerationLog();
  return (
    <section className="moderation-log" aria-labelledby="moderation-log-heading">
      <h2 id="moderation-log-heading">{MODERATION_TEXTS.logTitle}</h2>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <>
          <ErrorBanner message="Failed to load the audit log. Please try again later." />
          <button type="button" className="button" onClick={() => void log.refetch()}>
            Try again
          </button>
        </>
      ) : log.data.length === 0 ? (
        <EmptyState>
          <p>{MODERATION_TEXTS.logEmpty}</p>
        </EmptyState>
      ) : (
        <ol className="list moderation-log-list" aria-label={MODERATION_TEXTS.logTitle}>
          {log.data.map((entry) => (
            <li key={entry.id} className="card moderation-log-entry">
              <p>
                <strong>{entry.moderator.username}</strong> {describe(entry)}
                {entry.reports_resolved > 0 &&
                  ` · ${entry.reports_resolved} report${entry.reports_resolved === 1 ? '' : 's'} closed`}
              </p>
              {entry.note && <p className="moderation-small">“{entry.note}”</p>}
              <p className="moderation-small muted">
                <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
