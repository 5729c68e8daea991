import { MODERATION_TEXTS, type ReportGroup } from '@gardenswap/shared/moderation';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorBanner, Loading, Notice } from '../../../components/feedback';
import { useProfile } from '../../../features/profile/api/use-profile';
import { useReportGroups } from '../../../features/moderation/api/use-report-groups';
import { ActionDialog, type ActionKind } from '../../../features/moderation/components/action-dialog';
import { HiddenEvents } from '../../../features/moderation/components/hidden-events';
import { HiddenListings } from '../../../features/moderation/components/hidden-listings';
import { ModerationLog } from '../../../features/moderation/components/moderation-log';
import { ReportGroupCard, subjectOf } from '../../../features/moderation/components/report-group-card';
import { SuspendedMembers } from '../../../features/moderation/components/suspended-members';
import '../../../features/listings/listings.css';
import '../../../features/moderation/moderation.css';

/** What a member who is not a moderator sees at /moderation: nothing there for them. */
function NotForYou() {
  return (
    <div className="centered-page">
      <h1>Page Not Found</h1>
      <p>The page you were looking for isn't here.</p>
      <Link className="button button-primary" to="/listings">
        Go to the marketplace
      </Link>
    </div>
  );
}

function OpenReports() {
  const groups = useReportGroups();
  const [acting, setActing] = useState<{ group: ReportGroup; kind: ActionKind }>();
  const [done, setDone] = useState<string>();

  return (
    <section aria-labelledby="moderation-reports-heading">
      <h2 id="moderation-reports-heading" className="visually-hidden">
        Open reports
      </h2>
      {done && <Notice message={done} />}
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <>
          <ErrorBanner message="Failed to load the reports. Please try again later." />
          <button type="button" className="button" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </>
      ) : groups.data.length === 0 ? (
        <EmptyState>
          <p>{MODERATION_TEXTS.empty}</p>
        </EmptyState>
      ) : (
        <ul className="list moderation-groups" aria-label="Open reports">
          {groups.data.map((group) => (
            <ReportGroupCard
              key={`${group.target_type}:${group.target_id}`}
              group={group}
              onAct={(kind) => {
                setDone(undefined);
                setActing({ group, kind });
              }}
            />
          ))}
        </ul>
      )}
      {acting && (
        <ActionDialog
          kind={acting.kind}
          group={acting.group}
          subject={subjectOf(acting.group)}
          member={acting.group.target?.member.username}
          onClose={() => setActing(undefined)}
          onDone={(message) => {
            setActing(undefined);
            setDone(message);
          }}
        />
      )}
    </section>
  );
}

/**
 * /moderation: the open reports grouped by target and the actions on them, the suspended members
 * and hidden listings and events with the way back for each, and the audit log; moderators only.
 */
export default function ModerationPage() {
  const profile = useProfile();
  if (profile.isPending) return <Loading />;
  if (profile.isError)
    return (
      <>
        <ErrorBanner message="Failed to load profile data." />
        <button type="button" className="button" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </>
    );
  if (!profile.data.is_moderator) return <NotForYou />;
  return (
    <div className="moderation-page">
      <div className="page-header">
        <h1>{MODERATION_TEXTS.title}</h1>
      </div>
      <div className="moderation-layout">
        <div className="moderation-main">
          <OpenReports />
          <SuspendedMembers />
          <HiddenListings />
          <HiddenEvents />
        </div>
        <ModerationLog />
      </div>
    </div>
  );
}
