// The real server on a fresh, throwaway database for the browser journeys.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-e2e-'));
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
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
