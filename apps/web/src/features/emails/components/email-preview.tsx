import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import '../emails.css';

interface EmailPreviewProps {
  /** What the e-mail is for, said in the note above it. */
  about: string;
  subject: string;
  headline: string;
  /** Why the member gets it, said in the footer. */
  reason: string;
  children: ReactNode;
}

/**
 * A static picture of an e-mail: sample data in e-mail styling. Its buttons and links are only
 * drawn, since nothing in a preview should act.
 */
export function EmailPreview({ about, subject, headline, reason, children }: EmailPreviewProps) {
  return (
    <div className="email-page">
      <main id="main" className="email-page-inner">
        <Link to="/my-listings" className="row email-back">
          <ArrowLeft aria-hidden size={18} /> Back to my lists
        </Link>
        <p className="email-note" role="note">
          Preview of the e-mail {about}. It shows sample data; the real e-mail is filled in for each member.
        </p>
        <p className="email-subject">
          <span className="muted">Subject:</span> {subject}
        </p>
        <article className="email" aria-label={`E-mail: ${subject}`}>
          <header className="email-header">
            <Logo />
          </header>
          <div className="email-body">
            <h1 className="email-headline">{headline}</h1>
            {children}
            <p>
              Happy gardening,
              <br />
              The Gardenswap team
            </p>
          </div>
          <footer className="email-footer">
            <p>{reason}</p>
            <p>
              <span className="email-link">Unsubscribe</span>
            </p>
          </footer>
        </article>
      </main>
    </div>
  );
}

/** A call to action as the e-mail draws it. */
export function EmailButton({ children }: { children: ReactNode }) {
  return <span className="email-button">{children}</span>;
}
