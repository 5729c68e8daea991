import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { isEntryPoint, runCommand } from '../lib/command-line.js';
import { OUTBOX_STATUSES, type OutboxMail, getOutboxMail, listOutbox } from '../modules/mail/outbox.queries.js';

const USAGE = `Usage: npm run outbox -- [--to <address>] [--status <${OUTBOX_STATUSES.join('|')}>] [--limit <n>] [<id>]
  Lists the latest e-mails in the outbox (newest first), or prints one in full by its id.`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const attemptsOf = (mail: OutboxMail) => `${mail.attempts} ${mail.attempts === 1 ? 'attempt' : 'attempts'}`;

/** Where an e-mail is, in a few words: "sent 2026-03-03T...", "queued, next attempt ...: <last error>". */
function statusOf(mail: OutboxMail): string {
  const lastError = mail.error ? `: ${mail.error}` : '';
  switch (mail.status) {
    case 'kept':
      return 'kept';
    case 'sent':
      return `sent ${mail.sent_at ?? ''}`.trim();
    case 'failed':
      return `failed after ${attemptsOf(mail)}${lastError}`;
    case 'sending':
      return `sending, ${attemptsOf(mail)}`;
    case 'queued':
      return mail.attempts === 0
        ? 'queued'
        : `queued after ${attemptsOf(mail)}, next ${mail.next_attempt_at ?? 'now'}${lastError}`;
  }
}

function formatList(mails: OutboxMail[]): string {
  if (mails.length === 0) return 'The outbox is empty.';
  return mails.map((m) => `#${m.id}  ${m.created_at}  ${m.to_address}  ${m.subject}  (${statusOf(m)})`).join('\n');
}

function formatMail(mail: OutboxMail): string {
  return [
    `#${mail.id}  ${mail.created_at}  (${statusOf(mail)})`,
    `To: ${mail.to_address}`,
    `Subject: ${mail.subject}`,
    '',
    mail.text,
  ].join('\n');
}

/**
 * The operator's view of the outbox (every member's e-mails), on the configured database. It is a
 * command, not an HTTP route: reading other people's mail needs a shell on the server.
 */
export async function runOutbox(config: Config, argv: string[], io: Io = { out: console.log, err: console.error }) {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string', default: '20' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const limit = Number(args.values.limit);
  const id = args.positionals[0];
  const status = OUTBOX_STATUSES.find((s) => s === args.values.status);
  if (
    args.values.help ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    (id !== undefined && !/^\d+$/.test(id)) ||
    (args.values.status !== undefined && !status)
  ) {
    io.err(USAGE);
    return args.values.help ? 0 : 2;
  }
  const { db } = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    if (id === undefined) {
      io.out(formatList(await listOutbox(db, { to: args.values.to, status, limit })));
      return 0;
    }
    const mail = await getOutboxMail(db, Number(id));
    if (!mail) {
      io.err(`No e-mail #${id} in the outbox.`);
      return 1;
    }
    io.out(formatMail(mail));
    return 0;
  } finally {
    await db.destroy();
  }
}

if (isEntryPoint(import.meta.url)) runCommand((config) => runOutbox(config, process.argv.slice(2)));
