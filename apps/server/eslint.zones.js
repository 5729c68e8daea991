// The server's import zones (see the root eslint.config.js): the kernel (lib, db, config) ← plugins
// ← modules ← the composition roots; inside a module, queries ← commands ← routes and sockets;
// modules in tiers, each importing only lower tiers, so no two modules can import each other.
import { fileURLToPath } from 'node:url';

const src = './apps/server/src';

/**
 * The feature modules by tier: a module imports only modules of lower tiers. A new dependency
 * between modules goes downward; if it cannot, the modules are in the wrong tiers (or one holds
 * what belongs to a lower one, as `relations` holds the friendship and block checks).
 */
const TIERS = [
  ['health', 'idempotency', 'images', 'mail', 'presence', 'push', 'relations', 'site'],
  ['auth', 'blocks', 'event-visibility', 'friends', 'gardeners', 'metrics', 'wants'],
  ['listings'],
  ['notifications', 'reports', 'uploads'],
  ['fresh', 'moderation', 'season', 'swaps'],
  ['account'],
  ['messages'],
  ['events', 'trade'],
  ['digest'],
];

/** Modules whose `index.ts` is all the others may import of them. */
const PUBLIC_SURFACES = ['event-visibility', 'listings', 'messages', 'relations'];

const modules = TIERS.flat();
const roots = [`${src}/app.ts`, `${src}/main.ts`, `${src}/seed`, `${src}/tools`];

const tierZones = TIERS.flatMap((tier, level) =>
  tier.map((name) => ({
    target: `${src}/modules/${name}`,
    from: TIERS.slice(level)
      .flat()
      .filter((other) => other !== name)
      .map((other) => `${src}/modules/${other}`),
    message: `modules/${name} may import only modules of lower tiers (apps/server/eslint.zones.js).`,
  })),
).filter((zone) => zone.from.length > 0);

const surfaceZones = PUBLIC_SURFACES.map((name) => ({
  target: modules.filter((other) => other !== name).map((other) => `${src}/modules/${other}`),
  from: `${src}/modules/${name}`,
  except: ['./index.ts'],
  message: `Other modules import modules/${name} through its index.ts only.`,
}));

const settings = {
  // Without these, import-x reads only .js files when it follows imports, and no-cycle sees no cycle.
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};
const basePath = fileURLToPath(new URL('../..', import.meta.url));

/** Which way imports run between the kernel, plugins, modules and the roots, and inside a module. */
const layerZones = [
  {
    target: [`${src}/lib`, `${src}/db`, `${src}/config.ts`],
    from: [`${src}/plugins`, `${src}/modules`, ...roots],
    message: 'The kernel (lib, db, config) imports neither plugins nor modules.',
  },
  {
    target: `${src}/plugins`,
    from: [`${src}/modules`, ...roots],
    message: 'Plugins serve the modules and do not import them.',
  },
  { target: `${src}/modules`, from: roots, message: 'Modules do not import the app that composes them.' },
  {
    target: [`${src}/modules/**/*.queries.ts`, `${src}/modules/**/*.sql.ts`],
    from: [`${src}/modules/**/commands/**`, `${src}/modules/**/*.routes.ts`, `${src}/modules/**/*.socket.ts`],
    message: 'Queries read and write rows; they call no command and no route.',
  },
  {
    target: `${src}/modules/**/commands/**`,
    from: [`${src}/modules/**/*.routes.ts`, `${src}/modules/**/*.socket.ts`],
    message: 'Commands are called by routes and sockets, not the other way round.',
  },
];

export default [
  {
    files: ['apps/server/src/**/*.{ts,tsx}'],
    settings,
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The running app's graph: a test may reach into whatever it tests, and build the app.
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    settings,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath, zones: [...layerZones, ...tierZones, ...surfaceZones] }],
    },
  },
];
