import type { ReactNode } from 'react';
import { Logo } from './logo';

/** The frame of a page an e-mail's link opens: the logo and one card, whoever is signed in. */
export function EmailLinkCard({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <div style={{ marginBottom: '1rem' }}>
          <Logo />
        </div>
        {children}
      </main>
    </div>
  );
}
