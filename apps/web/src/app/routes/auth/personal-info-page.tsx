import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileLocationInputSchema } from '@gardenswap/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner, ProgressBar } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { Logo } from '../../../components/logo';
import { PhotoPicker } from '../../../components/photo-picker';
import { useMe } from '../../../lib/auth-context';
import { errorText, imageUrl } from '../../../lib/api-client';
import { isJustRegistered, peekReturnTo } from '../../../lib/return-to';
import { useProfile } from '../../../features/profile/api/use-profile';
import { useUploadProfile } from '../../../features/auth/api/use-upload-profile';

type Input = z.input<typeof ProfileLocationInputSchema>;
type Output = z.output<typeof ProfileLocationInputSchema>;

/**
 * Onboarding, step one: an optional photo and where the member gardens. Opened later from the
 * profile, the same form edits them (prefilled) and returns to the profile.
 */
export default function PersonalInfoPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [onboarding] = useState(isJustRegistered);
  const profile = useProfile();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadProfile(setProgress);
  const saved = profile.data;
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(ProfileLocationInputSchema),
    // Address and apartment are never sent back, not even to their owner: left blank, they stay as stored.
    values: saved ? { city: saved.city ?? '', state: saved.state ?? '', postcode: saved.zip_code ?? '' } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const submit = handleSubmit((values) =>
    upload.mutate({ ...values, file }, { onSuccess: () => navigate(onboarding ? '/invite-your-friends' : '/profile') }),
  );
  const busy = upload.isPending;
  const e = formState.errors;
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <Logo />
        <h1 style={{ marginTop: '1rem' }}>Hello {me.username}</h1>
        <p className="muted">Tell your neighbours a little about you. Only your city, state and postcode are shown.</p>
        <ErrorBanner
          message={upload.isError ? errorText(upload.error, 'Failed to save your info') : undefined}
          onDismiss={() => upload.reset()}
        />
        <form className="form" onSubmit={submit} noValidate aria-label="Personal info">
          <fieldset disabled={busy} className="form plain-fieldset">
            <PhotoPicker
              label="Profile photo (optional)"
              file={file}
              onChange={setFile}
              currentUrl={imageUrl(saved?.profile_picture)}
            />
            <TextField label="City" autoComplete="address-level2" error={e.city?.message} {...register('city')} />
            <TextField label="State" autoComplete="address-level1" error={e.state?.message} {...register('state')} />
            <TextField
              label="Postcode"
              autoComplete="postal-code"
              inputMode="numeric"
              error={e.postcode?.message}
              {...register('postcode')}
            />
            <TextField
              label="Address (optional, never shown)"
              hint={saved?.city ? 'Leave blank to keep the one you gave before.' : undefined}
              autoComplete="address-line1"
              error={e.address?.message}
              {...register('address')}
            />
            <TextField
              label="Apartment (optional, never shown)"
              autoComplete="address-line2"
              error={e.apt?.message}
              {...register('apt')}
            />
            {busy && file && <ProgressBar value={progress} label="Uploading photo" />}
            <button type="submit" className="button button-primary button-block">
              {busy ? 'Saving...' : onboarding ? 'Next >' : 'Save'}
            </button>
          </fieldset>
        </form>
        <p style={{ textAlign: 'center' }}>
          {onboarding ? (
            <Link to={peekReturnTo() ?? '/listings/new'}>skip for now</Link>
          ) : (
            <Link to="/profile">Cancel</Link>
          )}
        </p>
      </main>
    </div>
  );
}
