import { Ban } from 'lucide-react';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';
import { useBlockMember } from '../api/use-block-member';
import './safety.css';

/** "Block" with a confirmation: the member disappears for me and I for them. */
export function BlockButton({ userId, username }: { userId: number; username: string }) {
  const block = useBlockMember();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    block.reset();
  };
  return (
    <>
      <button type="button" className="button button-ghost safety-button" onClick={() => setOpen(true)}>
        <Ban aria-hidden size={18} />
        Block
      </button>
      {open && (
        <Modal
          title={`Block ${username}?`}
          onClose={close}
          actions={
            <>
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => block.mutate(userId, { onSuccess: () => setOpen(false) })}
                disabled={block.isPending}
              >
                {block.isPending ? 'Blocking...' : 'Block'}
              </button>
            </>
          }
        >
          <ErrorBanner message={block.isError ? errorText(block.error, 'Failed to block this member') : null} />
          <p>
            You will no longer see each other&apos;s listings, profiles or want lists, and you cannot message each
            other. If you are friends, the friendship ends.
          </p>
        </Modal>
      )}
    </>
  );
}
