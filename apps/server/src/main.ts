import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the one process: API, socket.io and the web app on one port. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close sockets and the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(
    `Gardenswap is ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${where})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
