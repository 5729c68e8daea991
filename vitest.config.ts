import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The server suite runs once per database: always SQLite, and PostgreSQL when
// TEST_DATABASE_URL points at one (CI sets it).
const server = (dialect: 'sqlite' | 'postgres') => ({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    name: `server:${dialect}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two instances sharing PostgreSQL and Redis: the same test whatever the project's dialect.
    // The fault drills run once, in their own project.
    exclude: ['test/faults/**', ...(dialect === 'sqlite' ? ['test/scale-out.test.ts'] : [])],
    environment: 'node',
    env: { TEST_DIALECT: dialect, NODE_ENV: 'test' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The files of a worker share one module graph instead of loading the app's again for each
    // (that loading was half the suite's time). Each test builds its own app on its own database,
    // so nothing a test relies on lives at module level.
    isolate: false,
  },
});

// Fault drills: the real server process against its own throwaway PostgreSQL and Redis (started
// on spare ports, killed by pid). `npm test` runs the quick ones; `npm run test:faults` runs all
// of them (FAULTS=all), slow drills included.
const faults = {
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    name: 'faults',
    root: 'apps/server',
    include: ['test/faults/**/*.test.ts'],
    environment: 'node',
    env: { NODE_ENV: 'test' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Each file runs its own servers and services: one file at a time keeps timings honest.
    fileParallelism: false,
  },
};

const web = {
  extends: './apps/web/vite.config.ts',
  test: {
    name: 'web',
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
    // One module graph and one jsdom per worker; testing-library unmounts after every test.
    isolate: false,
  },
};

export default defineConfig({
  test: {
    // Test files spend most of their time waiting (on PostgreSQL, sockets, SMTP, timers): with two
    // at a time a two-core machine sat idle more than half the run, so it runs four.
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [server('sqlite'), ...(process.env.TEST_DATABASE_URL ? [server('postgres')] : []), faults, web],
  },
});
