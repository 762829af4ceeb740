import { fileURLToPath } from 'node:url'
import { firstLoadBudgetBytes, kib, measureCatalogues, measureFirstLoad } from './first-load-size.ts'

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
  // English ships in the first load; every other language is its own chunk, fetched only when shown.
  const catalogues = await measureCatalogues(dist)
  const eager = catalogues.filter((catalogue) => size.files.some((file) => file.file === catalogue.file))
  if (catalogues.length === 0) {
    console.error('✗ no language catalogue chunk in the build (src/i18n/catalogues/<locale>.json)')
    process.exitCode = 1
  } else if (eager.length > 0) {
    console.error(`✗ the first load carries the ${eager.map((c) => c.locale).join(', ')} catalogue(s)`)
    process.exitCode = 1
  } else {
    const sizes = catalogues.map((catalogue) => catalogue.gzipBytes)
    console.log(
      `✓ ${catalogues.length} other languages, each its own chunk, none in the first load: ${kib(Math.min(...sizes))}–${kib(Math.max(...sizes))} gzip each.`,
    )
  }
} catch (error) {
  console.error(`✗ size budget: ${(error as Error).message}`)
  process.exitCode = 1
}
