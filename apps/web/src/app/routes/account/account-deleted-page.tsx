import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

/** /account-deleted: where a member lands after deleting their account, signed out. */
export default function AccountDeletedPage() {
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <div style={{ marginBottom: '1rem' }}>
          <Logo />
        </div>
        <h1>Account deleted</h1>
        <p role="status">{ACCOUNT_TEXTS.accountDeleted}</p>
        <p className="muted">
          Everything of yours is gone from Gardenswap. The members you talked with still see your messages, from &ldquo;
          {ACCOUNT_TEXTS.deletedMember}&rdquo;.
        </p>
        <Link to="/" className="button button-primary button-block">
          Go to the home page
        </Link>
      </main>
    </div>
  );
}
