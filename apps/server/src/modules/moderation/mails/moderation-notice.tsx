/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import { Frame, Paragraph } from '../../mail/templates/frame.js';

/**
 * The frame of an e-mail about a member's standing, greeting included. Like security notices they
 * go out even with e-mail notifications off, and carry no unsubscribe link: no switch turns them off.
 */
export function ModerationNotice({ subject, name, children }: { subject: string; name: string; children: ReactNode }) {
  return (
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because a Gardenswap moderator acted on your account. We send notices like this one even when e-mail notifications are off."
    >
      <Paragraph>{`Hi ${name},`}</Paragraph>
      {children}
    </Frame>
  );
}
