import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // Screens load their code on demand (lazy routes): on a busy 2-core CI machine the first import of a chunk can
      // take seconds, which is neither a failure nor what these tests measure.
      testTimeout: 40_000,
    },
  }),
);
