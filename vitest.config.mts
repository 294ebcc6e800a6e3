import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/**/*.test.ts',
      'main/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/src/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // a temporary HOME with an empty profile for every test process (test/global-home.ts)
    globalSetup: ['test/global-home.ts', 'e2e/global-setup.ts'],
    reporters: ['default'],
  },
});
