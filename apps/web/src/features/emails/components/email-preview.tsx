import type { MailPreview } from '@gardenswap/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { Tabs } from '../../../components/tabs';
import { api } from '../../../lib/api-client';
import '../emails.css';

interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const emailKeys = { preview: (kind: MailPreview) => ['mail-preview', kind] as const };

/**
 * The very template the server sends, filled in with sample data by the server
 * (GET /mail/preview/{kind}), shown as HTML in a sandboxed frame (nothing in it can run or
 * navigate) or as the plain-text part.
 */
export function EmailPreview({ kind, about }: { kind: MailPreview; about: string }) {
  const preview = useQuery({
    queryKey: emailKeys.preview(kind),
    queryFn: () => api<RenderedMail>(`/mail/preview/${kind}`),
  });
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <div className="email-page">
      <main id="main" className="email-page-inner">
        <Link to="/my-listings" className="row email-back">
          <ArrowLeft aria-hidden size={18} /> Back to my lists
        </Link>
        <p className="email-note" role="note">
          Preview of the e-mail {about}. It shows sample data; the real e-mail is filled in for each member.
        </p>
        {preview.isPending ? (
          <Loading />
        ) : preview.isError ? (
          <ErrorBanner message="Failed to load the e-mail preview. Please try again later." />
        ) : (
          <>
            <p className="email-subject">
              <span className="muted">Subject:</span> {preview.data.subject}
            </p>
            <Tabs
              label="E-mail part"
              value={part}
              onChange={setPart}
              idPrefix="email-part"
              tabs={[
                { value: 'html', label: 'HTML' },
                { value: 'text', label: 'Plain text' },
              ]}
            />
            <div id="email-part-panel" role="tabpanel" aria-labelledby={`email-part-tab-${part}`}>
              {part === 'html' ? (
                <iframe
                  className="email-frame"
                  title={`E-mail: ${preview.data.subject}`}
                  sandbox=""
                  srcDoc={preview.data.html}
                />
              ) : (
                <pre className="email-text" aria-label={`Plain text of the e-mail: ${preview.data.subject}`}>
                  {preview.data.text}
                </pre>
              )}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
