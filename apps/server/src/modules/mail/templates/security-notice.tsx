/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import { Frame } from './frame.js';

/**
 * The frame of a notice about an account's security (its address, its password). Such notices go
 * out even with e-mail notifications off, so they carry no unsubscribe link.
 */
export function SecurityNotice({ subject, children }: { subject: string; children: ReactNode }) {
  return (
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because it concerns the security of your Gardenswap account. We send notices like this one even when e-mail notifications are off."
    >
      {children}
    </Frame>
  );
}
