// `npm test`: typecheck, lint, then every suite. It names what it skips, loudly, and ends with
// one summary line ("tests: N passed, N failed, N skipped").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const run = (title, command, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

const counts = { passed: 0, failed: 0, skipped: 0 };
/** How long each test file took, for the slowest ten at the end. */
const fileTimes = [];
const fromRoot = (file) => path.relative(root, path.resolve(root, file));
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  // A server file runs once per database: the second run of a name is told apart by its place.
  const seen = new Map();
  for (const file of r.testResults) {
    const name = fromRoot(file.name);
    const run = (seen.get(name) ?? 0) + 1;
    seen.set(name, run);
    fileTimes.push({ name: run > 1 ? `${name} (run ${run})` : name, ms: file.endTime - file.startTime });
  }
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + r.numTodoTests;
} catch {
  console.error('The vitest report could not be read: the test run itself failed.');
  counts.failed += 1;
}

// The browser journeys run against the built app and server.
ok = run('build', 'node', ['scripts/ensure-built.mjs']) && ok;
if (!existsSync(chromium)) {
  skipped.push(`the browser journeys (no Chromium at ${chromium}; install Debian's chromium)`);
} else {
  const e2eReport = path.join(path.dirname(report), 'e2e.json');
  const e2eOk = run(
    'browser journeys (playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    },
  );
  ok = e2eOk && ok;
  try {
    const r = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const byFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          for (const result of test.results) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + result.duration);
      for (const inner of suite.suites ?? []) walk(inner);
    };
    for (const suite of r.suites) walk(suite);
    for (const [file, ms] of byFile) fileTimes.push({ name: `apps/web/e2e/${file} (browser)`, ms });
    counts.passed += r.stats.expected + r.stats.flaky;
    counts.failed += r.stats.unexpected;
    counts.skipped += r.stats.skipped;
  } catch {
    console.error('The playwright report could not be read: the journeys did not run.');
    counts.failed += 1;
  }
}
if (fileTimes.length) {
  console.log('\nThe slowest ten test files:');
  for (const { name, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}
const summary = `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;

if (skipped.length) {
  console.log('\n!!! SKIPPED !!!');
  for (const s of skipped) console.log(`!!! skipped: ${s}`);
}
console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(summary);
process.exit(ok ? 0 : 1);
