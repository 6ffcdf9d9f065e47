import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `*.int.test.ts` need a real PostgreSQL server (DATABASE_URL): they run only in the PostgreSQL pass.
// `*.pglite.test.ts` are about the embedded database itself: they run only in the PGlite pass (never reported skipped).
const comPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: comPostgres ? ['test/**/*.test.ts', 'src/**/*.test.ts'] : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: comPostgres ? ['**/*.pglite.test.ts'] : ['**/*.int.test.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, one core left idle
    // (the main process only transforms and reports). Each file still has its own process and database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One migrated database per run, copied by each file (test/ajuda/ambiente.ts novoBanco).
    globalSetup: ['test/ajuda/global.ts'],
    // A test that needs 20 s on a quiet machine needs more on a loaded 2-core one (CI and shared machines): a hang
    // still fails, later.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
