import { EXPORT_LINK_TTL_SECONDS } from '@gardenswap/shared/account';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { errorText } from '../../../lib/api-client';
import { useDownloadMyData } from '../api/use-export-link';
import { DeleteAccountDialog } from './delete-account-dialog';
import '../account.css';

/** The profile's "Your data and account": download everything, or leave for good. */
export function AccountSection() {
  const download = useDownloadMyData();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card account-section" aria-labelledby="account-heading">
      <h2 id="account-heading">Your data and account</h2>
      <p className="muted">
        Download a ZIP with your profile, listings, want list, friends, messages, notifications and photos.
      </p>
      <ErrorBanner
        message={
          download.isError ? errorText(download.error, 'Could not prepare your download. Please try again.') : null
        }
      />
      <button
        type="button"
        className="button button-block"
        onClick={() => download.mutate()}
        disabled={download.isPending}
      >
        <Download aria-hidden size={18} />
        {download.isPending ? 'Preparing...' : 'Download my data'}
      </button>
      <p className="muted account-download-status" role="status" aria-live="polite">
        {download.isSuccess
          ? `Your download has started; your browser shows its progress. The link works for ${EXPORT_LINK_TTL_SECONDS / 60} minutes.`
          : ''}
      </p>
      <button type="button" className="button button-danger button-block" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden size={18} />
        Delete my account
      </button>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </section>
  );
}
