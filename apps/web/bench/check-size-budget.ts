import { fileURLToPath } from 'node:url'
import { firstLoadBudgetBytes, kib, measureFirstLoad } from './first-load-size.ts'

// `npm run test:size [dist]`: fails when the JavaScript index.html loads before any user action
// grows past the budget. Reads the build in apps/web/dist unless told another (npm test builds it in
// test:e2e first).

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url))

try {
  const size = await measureFirstLoad(dist)
  for (const file of size.files)
    console.log(`  ${file.file.padEnd(48)} ${kib(file.gzipBytes).padStart(10)} gzip`)
  const verdict = `First load: ${kib(size.gzipBytes)} gzip of JavaScript (${kib(size.bytes)} raw) in ${size.files.length} files; budget ${kib(firstLoadBudgetBytes)}.`
  if (size.gzipBytes > firstLoadBudgetBytes) {
    console.error(
      `✗ ${verdict}\n  Over budget by ${kib(size.gzipBytes - firstLoadBudgetBytes)}: something reached index.html's static imports (src/main.tsx → app/AppShell.tsx). Wallet code (RainbowKit, wagmi, viem) belongs behind the dynamic import in src/app/wallet-app-loader.ts.`,
    )
    process.exitCode = 1
  } else {
    console.log(`✓ ${verdict}`)
  }
} catch (error) {
  console.error(`✗ size budget: ${(error as Error).message}`)
  process.exitCode = 1
}
