import type { User } from '@gardenswap/shared/auth';
import {
  EMAIL_KINDS,
  EMAIL_KIND_TEXTS,
  EMAIL_SETTINGS_TEXTS,
  type EmailKind,
  type ProfileSettingsInput,
} from '@gardenswap/shared/email-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';
import { useProfile } from '../api/use-profile';

/** Writes one switch into the cached profile, leaving the others as they are. */
function withSwitch(user: User | undefined, kind: EmailKind, on: boolean): User | undefined {
  return user && { ...user, email_notifications: { ...user.email_notifications, [kind]: on } };
}

/**
 * PATCH /auth/profile {email_notifications: {kind}}: one switch flips at once (optimistic) and
 * flips back, with a short error, when saving fails.
 */
function EmailKindSwitch({
  kind,
  on,
  onFailed,
}: {
  kind: EmailKind;
  on: boolean;
  onFailed: (failed: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (value: boolean) => {
      const input: ProfileSettingsInput = { email_notifications: { [kind]: value } };
      return api<User>('/auth/profile', { method: 'PATCH', json: input });
    },
    onMutate: async (value) => {
      onFailed(false);
      await queryClient.cancelQueries({ queryKey: profileKeys.me });
      queryClient.setQueryData<User>(profileKeys.me, (user) => withSwitch(user, kind, value));
    },
    onError: (_error, value) => {
      queryClient.setQueryData<User>(profileKeys.me, (user) => withSwitch(user, kind, !value));
      onFailed(true);
    },
    onSuccess: (user) => queryClient.setQueryData(profileKeys.me, user),
  });
  const texts = EMAIL_KIND_TEXTS[kind];
  const id = `email-${kind}`;
  return (
    <div className="spread">
      <div>
        <p id={id} style={{ margin: 0, fontWeight: 600 }}>
          {texts.label}
        </p>
        <p id={`${id}-hint`} className="muted" style={{ margin: 0 }}>
          {texts.hint}
        </p>
      </div>
      <input
        type="checkbox"
        role="switch"
        aria-labelledby={id}
        aria-describedby={`${id}-hint`}
        checked={on}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
        style={{ width: 44, height: 24, flex: 'none' }}
      />
    </div>
  );
}

/** The profile's e-mail settings: one switch per kind of e-mail, as the cached profile says. */
export function EmailSettings() {
  const settings = useProfile().data?.email_notifications;
  const [failed, setFailed] = useState<EmailKind[]>([]);
  if (!settings) return null;
  const setFailedFor = (kind: EmailKind) => (isFailed: boolean) =>
    setFailed((kinds) => (isFailed ? [...kinds.filter((k) => k !== kind), kind] : kinds.filter((k) => k !== kind)));
  return (
    <section className="card stack" aria-labelledby="email-settings">
      <h2 id="email-settings">{EMAIL_SETTINGS_TEXTS.title}</h2>
      <ErrorBanner message={failed.length ? EMAIL_SETTINGS_TEXTS.saveFailed : null} />
      {EMAIL_KINDS.map((kind) => (
        <EmailKindSwitch key={kind} kind={kind} on={settings[kind]} onFailed={setFailedFor(kind)} />
      ))}
    </section>
  );
}
