import { EMAIL_CONFIRMATION_TTL_HOURS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/schema.js';
import { confirmEmailMail } from '../mail/templates/confirm-email.mail.js';
import { insertEmailConfirmation } from './email-confirmation.queries.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';

/**
 * Stores a new single-use link that confirms `email` for the member and queues the e-mail that
 * carries it, both in `trx`, so neither is kept without the other.
 */
export async function sendConfirmationLink(
  app: FastifyInstance,
  trx: Executor,
  member: { id: number; username: string },
  email: string,
  kind: 'registration' | 'change',
) {
  email = email.toLowerCase();
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000);
  await insertEmailConfirmation(trx, member.id, email, hashLinkToken(token), expiresAt);
  const confirmUrl = `${app.config.publicOrigin}/confirm-email?token=${token}`;
  await app.mailer.send(
    { to: email, ...(await confirmEmailMail({ username: member.username, email, confirmUrl, kind })) },
    trx,
  );
}
