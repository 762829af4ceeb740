import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BrowserContext } from 'playwright-core'
import type { TestWalletOptions } from '../test-wallet/test-wallet-entry.ts'

export type { TestWalletControls, TestWalletOptions } from '../test-wallet/test-wallet-entry.ts'

const entry = fileURLToPath(new URL('../test-wallet/test-wallet-entry.ts', import.meta.url))
let bundle: Promise<string> | undefined

/** The test wallet (the demo wallet module + test switches) as one classic script, built once per run. */
export function testWalletBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0]
    if (!file) throw new Error('esbuild produced no test wallet bundle')
    return file.text
  })
  return bundle
}

const icon =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2032%2032%22%3E%3Crect%20width%3D%2232%22%20height%3D%2232%22%20rx%3D%228%22%20fill%3D%22%23222%22%2F%3E%3Cpath%20d%3D%22M9%2016h14M16%209v14%22%20stroke%3D%22%23fff%22%20stroke-width%3D%223%22%2F%3E%3C%2Fsvg%3E' as const

export const testWalletName = 'Signet Test Wallet'

/**
 * Injects the test wallet into every page of the context, before the app's scripts run. Its
 * permission, account and chain are kept in localStorage, so it survives reloads like a real one.
 */
export async function installTestWallet(
  context: BrowserContext,
  options: Pick<TestWalletOptions, 'accounts' | 'chains'> & Partial<TestWalletOptions>,
): Promise<void> {
  const full: TestWalletOptions = {
    name: testWalletName,
    rdns: 'dev.signet.test-wallet',
    uuid: '5a0f3c2e-9d1b-4f7a-8c3e-2b6d9e0f1a2b',
    icon,
    storageKey: 'signet.testWallet',
    ...options,
  }
  const script = `window.__testWalletOptions = ${JSON.stringify(full)};\n${await testWalletBundle()}`
  await context.addInitScript({ content: script })
}
