// `npm test`: typecheck, lint, then every suite. It names what it skips, loudly, and ends with
// one summary line ("tests: N passed, N failed, N skipped").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const run = (title, command, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

const skipped = [];
if (!process.env.TEST_DATABASE_URL) skipped.push('the server suite on PostgreSQL (set TEST_DATABASE_URL)');
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  skipped.push('the scale-out test with two instances (set TEST_DATABASE_URL and TEST_REDIS_URL)');
}

let ok = run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
ok = run('lint', 'npm', ['run', '--silent', 'lint']) && ok;

const report = path.join(mkdtempSync(path.join(tmpdir(), 'gardenswap-vitest-')), 'report.json');
const vitestOk = run('tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
ok = vitestOk && ok;

let summary = 'tests: 0 passed, 1 failed';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
} catch {
  console.error('The test report could not be read: the test run itself failed.');
}

if (skipped.length) {
  console.log('\n!!! SKIPPED !!!');
  for (const s of skipped) console.log(`!!! skipped: ${s}`);
}
console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(summary);
process.exit(ok ? 0 : 1);
