import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CopyLink } from '../../../components/copy-link';
import { ErrorBanner } from '../../../components/feedback';
import { Logo } from '../../../components/logo';
import { QrCode } from '../../../components/qr-code';
import { useMe } from '../../../lib/auth-context';
import { profileLink } from '../../../lib/links';
import { InviteByEmail } from '../../../features/auth/components/invite-by-email';
import { clearJustRegistered, peekReturnTo, takeReturnTo } from '../../../lib/return-to';

/** Onboarding, step two: invite friends with a QR code or a link. */
export default function InvitePage() {
  const me = useMe();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const link = profileLink(me.id);
  const finish = () => {
    clearJustRegistered();
    navigate(takeReturnTo() ?? '/my-listings', { replace: true });
  };
  return (
    <div className="auth-page">
      <main id="main" className="auth-card" style={{ display: 'grid', gap: '1rem' }}>
        <Logo />
        <h1>Invite your friends</h1>
        <p className="muted">
          Friends see each other's friends-only listings. Let them scan the code or send them your link.
        </p>
        <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
        <QrCode value={link} label={`QR code of your profile link ${link}`} />
        <CopyLink url={link} label="Your profile link" onCopyError={setError} />
        <InviteByEmail />
        <button type="button" className="button button-primary button-block" onClick={finish}>
          finish setup
        </button>
        <p style={{ textAlign: 'center', margin: 0 }}>
          <Link to={peekReturnTo() ?? '/my-listings'} onClick={(e) => (e.preventDefault(), finish())}>
            skip
          </Link>
        </p>
      </main>
    </div>
  );
}
