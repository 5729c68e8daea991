import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { useIsRestoring } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useOnline } from '../lib/offline/connectivity';

/** A dismissible error banner (spec: listing detail, and every screen that can fail). */
export function ErrorBanner({ message, onDismiss }: { message?: string | null; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert">
      <span>{message}</span>
      {onDismiss && (
        <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss">
          <X aria-hidden size={18} />
        </button>
      )}
    </div>
  );
}

/** The spec's "Loading..." with a polite live region; offline, it says the screen needs a connection instead. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  const online = useOnline();
  // While what was kept is being restored, the screen may yet have something to show.
  const restoring = useIsRestoring();
  if (!online && !restoring) {
    return (
      <p className="loading" role="status" aria-live="polite">
        {OFFLINE_TEXTS.needsConnection}
      </p>
    );
  }
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      {label}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="empty-state">{children}</div>;
}

/** Upload progress, 0..1. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** A short-lived confirmation ("Link copied"). */
export function Notice({ message }: { message?: string | null }) {
  return (
    <p className="notice" role="status" aria-live="polite">
      {message ?? ''}
    </p>
  );
}
