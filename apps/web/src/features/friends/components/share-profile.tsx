import { useState } from 'react';
import { CopyLink } from '../../../components/copy-link';
import { ErrorBanner } from '../../../components/feedback';
import { Modal } from '../../../components/modal';
import { QrCode } from '../../../components/qr-code';

/** "Use QR Code": a friend scans it to open my seller profile and add me. */
export function QrCodeModal({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <Modal
      title="Use QR Code"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="muted">Let a friend scan this code to open your profile and add you.</p>
      <QrCode value={link} label={`QR code of your profile link ${link}`} />
    </Modal>
  );
}

/** "Share your profile link": the link with copy and cancel. */
export function ShareLinkModal({ link, onClose }: { link: string; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Modal
      title="Share your profile link"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          cancel
        </button>
      }
    >
      <p className="muted">Send this link to friends so they can find you and add you.</p>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <CopyLink url={link} label="Your profile link" onCopyError={setError} />
    </Modal>
  );
}
