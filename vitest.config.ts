import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file gets its own database; two workers suit this 2-core machine.
    maxWorkers: 2,
    reporters: ['default', './scripts/lib/slowest-files.reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/templates.ts'],
          // Files of a worker share loaded modules (importing the app per file was most of the suite's
          // time): every file builds its own app and database, and restores the spies it makes.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
