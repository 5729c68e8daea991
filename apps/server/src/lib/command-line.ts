import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../config.js';

/** True when the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

/**
 * Runs an operator's command with the server's own configuration (quieter logs: the command's
 * output is what a person wants to read) and sets the exit code it returns.
 */
export function runCommand(command: (config: Config) => Promise<number>): void {
  let config: Config;
  try {
    config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  command(config).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
