// The real server on a fresh, throwaway database for the browser journeys.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
// E2E_DATA_DIR (set by the Playwright config) lets a journey run an operator's command on this
// very database (`npm run moderator`); it is emptied first, so each run still starts fresh.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'gardenswap-e2e-'));
if (process.env.E2E_DATA_DIR) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
}

// A real SMTP sink: every e-mail the server sends lands as a file in E2E_MAIL_DIR for the journeys to read.
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(dataDir, 'mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const { SMTPServer } = await import('smtp-server');
let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(
        path.join(mailDir, `${++received}.eml`),
        `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
      );
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpPort = sink.server.address().port;
const { DATABASE_URL: _ignored, ...env } = process.env;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    // The journeys register several members from one address within minutes.
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_ORIGIN: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
