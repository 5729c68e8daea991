import type { User } from '@gardenswap/shared/auth';
import { NOTIFICATION_TEXTS, type ProfileSettingsInput } from '@gardenswap/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/feedback';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../api/use-profile';

/** PATCH /auth/profile {email_notifications}: the member turns e-mails about matches and requests on or off. */
export function EmailNotificationsSwitch({ on }: { on: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: ProfileSettingsInput) => api<User>('/auth/profile', { method: 'PATCH', json: input }),
    onSuccess: (user) => queryClient.setQueryData(profileKeys.me, user),
  });
  const checked = save.isPending && save.variables ? save.variables.email_notifications : on;
  return (
    <section className="card" aria-labelledby="email-settings">
      <h2 id="email-settings">{NOTIFICATION_TEXTS.emailNotificationsLabel}</h2>
      <ErrorBanner message={save.isError ? 'Failed to save your e-mail setting. Please try again.' : null} />
      <div className="spread">
        <p id="email-settings-hint" className="muted">
          {NOTIFICATION_TEXTS.emailNotificationsHint}
        </p>
        <input
          type="checkbox"
          role="switch"
          aria-labelledby="email-settings"
          aria-describedby="email-settings-hint"
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ email_notifications: e.currentTarget.checked })}
          style={{ width: 44, height: 24, flex: 'none' }}
        />
      </div>
    </section>
  );
}
