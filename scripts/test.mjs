// `npm test`: typecheck, lint and build side by side, then every suite. It names what it skips, loudly, and ends with
// one summary line ("tests: N passed, N failed, N skipped").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
/** How long each step took, printed at the end beside the slowest files. */
const stepTimes = [];
const run = (title, command, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stepTimes.push({ name: title, ms: Date.now() - started });
  return result.status === 0;
};

/**
 * Runs steps side by side (each is single-threaded or waits on disk), printing each one's output
 * whole once it ends, so the log reads as if they ran in turn. Resolves to whether all passed.
 */
async function runTogether(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => resolve({ title, code, output, ms: Date.now() - started }));
        }),
    ),
  );
  for (const { title, code, output, ms } of results) {
    console.log(`\n=== ${title} ===`);
    process.stdout.write(Buffer.concat(output));
    stepTimes.push({ name: `${title} (beside the others)`, ms });
    if (code !== 0) console.log(`${title} FAILED`);
  }
  return results.every(({ code }) => code === 0);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipped = [];
if (!process.env.TEST_DATABASE_URL) skipped.push('the server suite on PostgreSQL (set TEST_DATABASE_URL)');
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  skipped.push('the scale-out test with two instances (set TEST_DATABASE_URL and TEST_REDIS_URL)');
}

// The browser journeys run against the built app and server: built now, beside the checks.
let ok = await runTogether([
  { title: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { title: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { title: 'build', command: 'node', args: ['scripts/ensure-built.mjs'] },
]);

const reportDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-tests-'));
const timesFile = path.join(reportDir, 'vitest-times.json');
const vitestOk = run(
  'tests (vitest)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-times-reporter.mjs'],
  { VITEST_TIMES_FILE: timesFile },
);
ok = vitestOk && ok;

const counts = { passed: 0, failed: 0, skipped: 0 };
/** How long each test file took, for the slowest ten at the end. */
const fileTimes = [];
/** The summed time of each project's files (they share the workers, so this is work, not wall time). */
const projectTimes = new Map();
const addTime = (project, name, ms) => {
  fileTimes.push({ name, ms });
  projectTimes.set(project, (projectTimes.get(project) ?? 0) + ms);
};
try {
  for (const file of JSON.parse(readFileSync(timesFile, 'utf8'))) {
    addTime(file.project, `${file.project.padEnd(15)} ${file.file}`, file.ms);
    for (const key of Object.keys(counts)) counts[key] += file[key];
  }
} catch {
  console.error('The vitest times could not be read: the test run itself failed.');
  counts.failed += 1;
}

if (!existsSync(chromium)) {
  skipped.push(`the browser journeys (no Chromium at ${chromium}; install Debian's chromium)`);
} else {
  const e2eReport = path.join(reportDir, 'e2e.json');
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
    for (const [file, ms] of byFile) addTime('browser', `${'browser'.padEnd(15)} apps/web/e2e/${file}`, ms);
    counts.passed += r.stats.expected + r.stats.flaky;
    counts.failed += r.stats.unexpected;
    counts.skipped += r.stats.skipped;
  } catch {
    console.error('The playwright report could not be read: the journeys did not run.');
    counts.failed += 1;
  }
}
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
console.log('\nWhere the time went, step by step (wall time):');
for (const { name, ms } of stepTimes) console.log(`${seconds(ms)}  ${name}`);
if (projectTimes.size) {
  console.log('\nTest time per project (the sum of its files, which run side by side):');
  for (const [project, ms] of [...projectTimes].sort((a, b) => b[1] - a[1])) console.log(`${seconds(ms)}  ${project}`);
}
if (fileTimes.length) {
  console.log('\nThe slowest ten test files:');
  for (const { name, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${seconds(ms)}  ${name}`);
}
const summary = `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;

if (skipped.length) {
  console.log('\n!!! SKIPPED !!!');
  for (const s of skipped) console.log(`!!! skipped: ${s}`);
}
console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED (see above).'}`);
console.log(summary);
process.exit(ok ? 0 : 1);
