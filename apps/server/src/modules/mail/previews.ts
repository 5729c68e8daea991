import { MAIL_PREVIEWS, type MailPreview } from '@gardenswap/shared';
import { friendInvitationMailSample } from './templates/friend-invitation.mail.js';
import { matchMailSample } from './templates/match.mail.js';
import type { RenderedMail } from './templates/render-mail.js';
import { unreadMessagesMailSample } from './templates/unread-messages.mail.js';

/** A real template filled in with sample data, for no one; its links lead to `origin`. */
export type MailSample = (origin: string) => Promise<RenderedMail>;

/**
 * The samples GET /api/mail/preview/{kind} shows (the web app's e-mail pages). The mail module
 * brings those of its own templates; a module whose e-mail lives with it adds its sample when its
 * plugin starts (fresh listings, the renew e-mail), so mail imports no other module. The server
 * does not start while a kind of MAIL_PREVIEWS has none (see the mailer plugin).
 */
export interface MailPreviews {
  add(kind: MailPreview, sample: MailSample): void;
  /** The sample of `kind`, undefined when nobody added one. */
  render(kind: MailPreview, origin: string): Promise<RenderedMail | undefined>;
  /** The kinds nobody added a sample for. */
  missing(): MailPreview[];
}

declare module 'fastify' {
  interface FastifyInstance {
    mailPreviews: MailPreviews;
  }
}

export function mailPreviews(): MailPreviews {
  const samples = new Map<MailPreview, MailSample>([
    ['match', matchMailSample],
    ['friend-invitation', friendInvitationMailSample],
    ['messages', unreadMessagesMailSample],
  ]);
  return {
    add(kind, sample) {
      if (samples.has(kind)) throw new Error(`the e-mail preview "${kind}" has a sample already`);
      samples.set(kind, sample);
    },
    render: async (kind, origin) => samples.get(kind)?.(origin),
    missing: () => MAIL_PREVIEWS.filter((kind) => !samples.has(kind)),
  };
}
