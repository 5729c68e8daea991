import { zodResolver } from '@hookform/resolvers/zod';
import { InviteInputSchema } from '@gardenswap/shared/notifications';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/field';
import { api, errorText } from '../../../lib/api-client';

type Input = z.input<typeof InviteInputSchema>;
type Output = z.output<typeof InviteInputSchema>;

/** Sends the friend invitation e-mail, with the member's profile link, to one address. */
export function InviteByEmail() {
  const invite = useMutation({
    mutationFn: (input: Output) => api<{ ok: true }>('/auth/invite', { method: 'POST', json: input }),
  });
  const { register, handleSubmit, formState, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(InviteInputSchema),
  });
  const submit = handleSubmit((values) => invite.mutate(values, { onSuccess: () => reset() }));
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Invite by e-mail">
      <fieldset className="form plain-fieldset" disabled={invite.isPending}>
        <TextField
          label="Invite a friend by e-mail"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="button">
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </button>
      </fieldset>
      <p role="status" className={invite.isError ? 'field-error' : 'notice'}>
        {invite.isSuccess
          ? 'Invitation sent.'
          : invite.isError
            ? errorText(invite.error, 'Failed to send the invitation')
            : ''}
      </p>
    </form>
  );
}
