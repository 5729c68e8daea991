// Builds each workspace whose output is missing or older than its sources, so `npm start`
// on a fresh clone (or after a pull) just works, and an up-to-date tree starts at once.
// `npm run build` runs this with --all: everything is rebuilt and stamped, so the next
// `npm start` does not build again.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const workspaces = [
  { dir: 'packages/shared', sources: ['src', 'package.json', 'tsconfig.json'] },
  { dir: 'apps/server', sources: ['src', 'package.json', 'tsconfig.json'] },
  {
    dir: 'apps/web',
    sources: ['src', 'public', 'scripts', 'index.html', 'package.json', 'vite.config.ts', 'pwa-assets.config.ts'],
  },
];
const all = process.argv.includes('--all');

function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

let rebuiltUpstream = false;
for (const ws of workspaces) {
  const dir = path.join(root, ws.dir);
  const stamp = path.join(dir, 'dist', '.built');
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changedAt = Math.max(...ws.sources.map((s) => newest(path.join(dir, s))));
  if (!all && !rebuiltUpstream && builtAt >= changedAt) continue;
  console.log(`Building ${ws.dir}...`);
  execSync(`npm run build -w ${ws.dir}`, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
  rebuiltUpstream = true;
}
