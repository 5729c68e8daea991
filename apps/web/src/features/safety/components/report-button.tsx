import { REPORT_REASON_MAX, ReportInputSchema, type ReportTargetType, SAFETY_TEXTS } from '@gardenswap/shared/safety';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ErrorBanner, Notice } from '../../../components/feedback';
import { TextArea } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';
import { useReport } from '../api/use-report';
import './safety.css';

const TITLES: Record<ReportTargetType, string> = {
  listing: 'Report listing',
  message: 'Report message',
  user: 'Report member',
  event: 'Report event',
};

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: number;
  /** The button's text; the modal's title by default. */
  label?: string;
  /** A small text link instead of a button. */
  asLink?: boolean;
}

/** A report with a reason, sent to the moderators; thanks the member once it is kept. */
export function ReportButton({ targetType, targetId, label, asLink }: ReportButtonProps) {
  const report = useReport();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const title = TITLES[targetType];

  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
    report.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReportInputSchema.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    report.mutate(
      { target_type: targetType, target_id: targetId, reason: parsed.data },
      {
        onSuccess: () => {
          close();
          setSent(true);
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={asLink ? 'link-button safety-link' : 'button button-ghost safety-button'}
        onClick={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        {!asLink && <Flag aria-hidden size={18} />}
        <span className="safety-button-label">{label ?? title}</span>
      </button>
      {sent && <Notice message={SAFETY_TEXTS.reportSent} />}
      {open && (
        <Modal
          title={title}
          onClose={close}
          actions={
            <>
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button type="submit" form={formId} className="button button-primary" disabled={report.isPending}>
                {report.isPending ? 'Sending...' : 'Send report'}
              </button>
            </>
          }
        >
          <form id={formId} onSubmit={submit} noValidate>
            <ErrorBanner message={report.isError ? errorText(report.error, 'Failed to send the report') : null} />
            <TextArea
              label="Reason"
              hint="What is wrong? Our moderators read every report."
              rows={4}
              maxLength={REPORT_REASON_MAX + 100}
              value={reason}
              error={error}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(undefined);
              }}
            />
          </form>
        </Modal>
      )}
    </>
  );
}

/** The small "Report listing" link of a listing's page. */
export function ReportListingLink({ listingId }: { listingId: number }) {
  return <ReportButton targetType="listing" targetId={listingId} asLink />;
}
