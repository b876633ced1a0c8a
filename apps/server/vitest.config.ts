import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database; files run in parallel up to the cores we have.
    pool: 'forks',
    env: { NODE_ENV: 'test', ARGON2_MEMORY_KIB: '1024' },
  },
});
