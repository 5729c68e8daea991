import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      {open && (
        <Modal
          title="Share this listing"
          onClose={() => setOpen(false)}
          actions={
            <>
              <button type="button">Copy</button>
              <button type="button" onClick={() => setOpen(false)}>
                cancel
              </button>
            </>
          }
        >
          <p>Anyone with the link can open it.</p>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that takes focus, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Share' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Share this listing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
