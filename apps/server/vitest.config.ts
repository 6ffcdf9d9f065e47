import { defineConfig } from 'vitest/config';

// `*.int.test.ts` need a real PostgreSQL server (DATABASE_URL): they run only in the PostgreSQL pass.
const comPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: comPostgres ? ['test/**/*.test.ts', 'src/**/*.test.ts'] : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: comPostgres ? [] : ['**/*.int.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
