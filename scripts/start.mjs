// `npm start`: build what is not built yet, then become the server in this same process (it
// migrates at start-up). No child process, as with a shell's `exec`: a SIGTERM sent to the
// process group (Ctrl-C, systemd) or to this process alone (`docker stop`, Kubernetes, npm
// forwarding it) reaches the server itself, and the process exits when the server has stopped.
// The `start` script in package.json `exec`s this file, so npm's shell does not stand between.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
// The fault drills run this wrapper on the server's sources (under tsx) rather than on a build.
const entry = process.env.GARDENSWAP_SERVER_ENTRY;
if (!entry) await import('./ensure-built.mjs');
await import(pathToFileURL(path.resolve(root, entry ?? 'apps/server/dist/main.js')).href);
