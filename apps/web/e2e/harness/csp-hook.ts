import { afterEach } from 'vitest'
import { takeCspViolations } from './csp-violations.ts'

// Set up for every browser test (vitest.config.ts): a Content Security Policy violation fails the test
// it happened in, whatever the test itself checks.
afterEach(() => {
  const seen = takeCspViolations()
  if (seen.length > 0) throw new Error(`Content Security Policy violations:\n${seen.join('\n')}`)
})
