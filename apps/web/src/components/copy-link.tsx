import { useState } from 'react';

/** A link shown in a read-only field with a Copy button (share and invite modals). */
export function CopyLink({
  url,
  label,
  onCopyError,
}: {
  url: string;
  label: string;
  onCopyError?: (text: string) => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      onCopyError?.('Failed to copy link to clipboard');
    }
  };
  return (
    <div className="copy-link">
      <label className="visually-hidden" htmlFor={`copy-${label}`}>
        {label}
      </label>
      <input id={`copy-${label}`} className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button-primary" onClick={copy}>
        {copied ? 'Copied!' : 'Copy'}
      </button>
    </div>
  );
}
