// The web app's import zones (see the root eslint.config.js): imports run app → features → lib/components,
// and features never import each other (as bulletproof-react's eslint config holds it).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = './apps/web/src';
// Read from the folder, so a new feature is kept apart from the others without editing this file.
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Without these, import-x reads only .js files when it follows imports, and no-cycle sees no cycle.
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          // The zones' paths are relative to the repository root, wherever eslint is started.
          basePath: fileURLToPath(new URL('../..', import.meta.url)),
          zones: [
            ...features.map((feature) => ({
              target: `${src}/features/${feature}`,
              from: `${src}/features`,
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in a page under app/routes.',
            })),
            {
              target: `${src}/features`,
              from: `${src}/app`,
              message: 'Pages and the router compose features, not the other way round.',
            },
            {
              target: [`${src}/lib`, `${src}/components`, `${src}/test`],
              from: [`${src}/features`, `${src}/app`],
              message: 'Shared code knows no feature and no page.',
            },
            {
              target: `${src}/sw`,
              from: [`${src}/app`, `${src}/features`, `${src}/lib`, `${src}/components`, `${src}/main.tsx`],
              message: 'The service worker runs apart from the page: it imports the shared contract, never page code.',
            },
            {
              target: [`${src}/app`, `${src}/features`, `${src}/lib`, `${src}/components`],
              from: `${src}/sw`,
              except: ['./messages.ts', './shared-photos.ts'],
              message:
                'The page and the service worker share only what they hand each other (sw/messages.ts, sw/shared-photos.ts).',
            },
          ],
        },
      ],
    },
  },
];
