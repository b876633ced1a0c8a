import { defineConfig } from 'vitest/config';

/** One run, three projects: pure domain, server API on a real database, web components in happy-dom. */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
