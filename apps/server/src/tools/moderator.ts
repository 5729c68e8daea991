import type { Config } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { isEntryPoint, runCommand } from '../lib/command-line.js';
import { listModerators, setModerator } from '../modules/moderation/moderation.queries.js';
import type { Io } from './outbox.js';

const USAGE = `Usage: npm run moderator -- add <email> | remove <email> | list
  Marks a member as moderator (they see /moderation in the app), unmarks one, or lists them.`;

/**
 * The operator marks and unmarks moderators, on the configured database. A command, not an HTTP
 * route: making someone a moderator needs a shell on the server.
 */
export async function runModerator(config: Config, argv: string[], io: Io = { out: console.log, err: console.error }) {
  const [command, email, ...rest] = argv;
  const valid =
    rest.length === 0 &&
    ((command === 'list' && email === undefined) || ((command === 'add' || command === 'remove') && !!email));
  if (!valid) {
    io.err(USAGE);
    return command === '--help' || command === 'help' ? 0 : 2;
  }
  const { db } = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    if (command === 'list') {
      const moderators = await listModerators(db);
      io.out(
        moderators.length === 0
          ? 'No moderators yet.'
          : moderators.map((m) => `#${m.id}  ${m.email}  ${m.username}`).join('\n'),
      );
      return 0;
    }
    const member = await setModerator(db, email!, command === 'add');
    if (!member) {
      io.err(`No member has the e-mail address ${email}.`);
      return 1;
    }
    io.out(
      command === 'add'
        ? `${member.username} (${member.email}) is now a moderator.`
        : `${member.username} (${member.email}) is no longer a moderator.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

if (isEntryPoint(import.meta.url)) runCommand((config) => runModerator(config, process.argv.slice(2)));
