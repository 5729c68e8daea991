import {
  MODERATION_NOTE_MAX,
  MODERATION_TEXTS,
  type ModerationActionInput,
  ModerationActionInputSchema,
  type ReportGroup,
  SUSPENSION_DAYS_MAX,
} from '@gardenswap/shared/moderation';
import { type FormEvent, useId, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { TextArea, TextField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';
import { useModerationAction } from '../api/use-moderation-action';

export type ActionKind = ModerationActionInput['action'];

/** What each action does, said before the moderator confirms it. */
function explain(kind: ActionKind, subject: string, member: string | undefined) {
  switch (kind) {
    case 'dismiss':
      return `Close the reports about ${subject} without acting. The reporters are told nothing was against the rules.`;
    case 'hide_listing':
      return `Hide ${subject} from everyone but its owner. The owner is told why, in the app and by e-mail.`;
    case 'hide_event':
      return `Hide ${subject} from everyone but its host. The host is told why, in the app and by e-mail.`;
    case 'warn':
      return `Warn ${member ?? 'the member'}. They are told why, in the app and by e-mail.`;
    case 'suspend':
      return `Suspend ${member ?? 'the member'}: they are signed out everywhere, cannot sign in and their listings are hidden until the suspension ends. They are told by e-mail.`;
  }
}

const TITLES: Record<ActionKind, string> = {
  dismiss: 'Dismiss reports',
  hide_listing: 'Hide listing',
  hide_event: 'Hide event',
  warn: 'Warn member',
  suspend: 'Suspend member',
};

interface ActionDialogProps {
  kind: ActionKind;
  group: ReportGroup;
  /** How the target reads in a sentence: “Magic beans”, a message from maria_g, maria_g. */
  subject: string;
  member?: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Asks for the reason (and the days of a suspension) and confirms one action on a target's reports. */
export function ActionDialog({ kind, group, subject, member, onClose, onDone }: ActionDialogProps) {
  const formId = useId();
  const action = useModerationAction();
  const [note, setNote] = useState('');
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [errors, setErrors] = useState<{ note?: string; days?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      action: kind,
      target_type: group.target_type,
      target_id: group.target_id,
      ...(kind === 'dismiss' && note.trim() === '' ? {} : { note }),
      ...(kind === 'suspend' ? { days: forGood ? null : Number(days) } : {}),
    };
    const parsed = ModerationActionInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'days' ? 'days' : 'note';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    action.mutate(parsed.data, { onSuccess: () => onDone(`${TITLES[kind]}: done.`) });
  };

  return (
    <Modal
      title={TITLES[kind]}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={`button ${kind === 'dismiss' ? 'button-primary' : 'button-danger'}`}
            disabled={action.isPending}
          >
            {action.isPending ? 'Saving...' : TITLES[kind]}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="moderation-form">
        <ErrorBanner message={action.isError ? errorText(action.error, 'Failed to save. Please try again.') : null} />
        <p>{explain(kind, subject, member)}</p>
        <TextArea
          label={kind === 'dismiss' ? 'Note (optional)' : 'Reason'}
          hint={kind === 'dismiss' ? 'Kept in the audit log.' : 'The member reads this. Kept in the audit log.'}
          rows={3}
          maxLength={MODERATION_NOTE_MAX + 100}
          value={note}
          error={errors.note}
          onChange={(e) => {
            setNote(e.target.value);
            setErrors((current) => ({ ...current, note: undefined }));
          }}
        />
        {kind === 'suspend' && (
          <>
            <label className="checkbox">
              <input type="checkbox" checked={forGood} onChange={(e) => setForGood(e.target.checked)} />
              For good
            </label>
            {!forGood && (
              <TextField
                label="Days"
                type="number"
                inputMode="numeric"
                min={1}
                max={SUSPENSION_DAYS_MAX}
                value={days}
                error={errors.days}
                onChange={(e) => {
                  setDays(e.target.value);
                  setErrors((current) => ({ ...current, days: undefined }));
                }}
              />
            )}
          </>
        )}
        {kind !== 'dismiss' && <p className="muted">{MODERATION_TEXTS.resolvesAll}</p>}
      </form>
    </Modal>
  );
}
