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
    globalSetup: ['e2e/global-setup.ts'],
    reporters: ['default'],
  },
});
