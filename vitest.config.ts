import { defineConfig } from 'vitest/config'

// Unit and integration tests sit beside the code they test. Browser tests live in
// apps/web/e2e and have their own config (they need the built app).
export default defineConfig({
  test: {
    include: [
      'apps/*/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'docs/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: [],
  },
})
