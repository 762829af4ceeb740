import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The container image's test (`npm run test:image`, which builds the image first): one file, run alone.
export default defineConfig({
  root: fileURLToPath(new URL('../../../..', import.meta.url)),
  test: {
    include: ['apps/server/test/image/**/*.image.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
})
