import { BlockButton } from './block-button';
import { ReportButton } from './report-button';

/** Block and report for another member's page; never rendered on one's own. */
export function SafetyActions({ userId, username }: { userId: number; username: string }) {
  return (
    <div className="safety-actions" aria-label="Safety">
      <ReportButton targetType="user" targetId={userId} label="Report" />
      <BlockButton userId={userId} username={username} />
    </div>
  );
}
