import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser tests: Chromium (playwright-core) against the built app served by the real server.
// `npm run test:e2e` builds apps/web first. One server and one browser per file.
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['apps/web/e2e/**/*.e2e.ts'],
    setupFiles: ['apps/web/e2e/harness/csp-hook.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    fileParallelism: true,
  },
})
