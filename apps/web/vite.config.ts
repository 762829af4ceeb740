import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import compileMessage from 'icu-minify/compile'
import { defineConfig, type Plugin } from 'vite'

type Catalogue = { [key: string]: string | Catalogue }

/**
 * The language catalogues (src/i18n/catalogues/*.json) are compiled from ICU MessageFormat text to
 * use-intl's compact form at build time, so the page carries no ICU parser: use-intl's formatter is
 * swapped for its format-only twin (the alias below). Unit tests read the JSON as it is.
 */
function precompiledCatalogues(): Plugin {
  const compileTree = (node: Catalogue): unknown =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        typeof value === 'string' ? compileMessage(value) : compileTree(value),
      ]),
    )
  return {
    name: 'signet:precompiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/i18n\/catalogues\/[\w-]+\.json$/.test(id)) return
      // Still JSON: Vite's own JSON plugin turns it into a module afterwards.
      return { code: JSON.stringify(compileTree(JSON.parse(code) as Catalogue)), map: null }
    },
  }
}

// The server (apps/server) serves dist/ and injects the run-time config into index.html; under
// `vite dev` the app fetches it from /api/config, proxied to a running `signet dev` server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompiledCatalogues()],
  resolve: {
    // RainbowKit's QR code (cuer 0.0.3) asks `qr` for a matrix without a quiet zone (border 0);
    // qr 0.6+ throws on that and the connect dialog crashes on the "Scan with" view. cuer accepts
    // any qr 0.x, so it is pointed at the last release that allows it.
    alias: [
      { find: /^qr$/, replacement: 'qr-for-cuer' },
      { find: /^use-intl\/format-message$/, replacement: 'use-intl/format-message/format-only' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: what index.html loads before any user action, for the size budget
    // (bench/check-size-budget.ts).
    manifest: true,
  },
  server: {
    // The API and the explorer redirect (Safe App mode's links) are the server's.
    proxy: { '/api': 'http://127.0.0.1:8787', '/explorer': 'http://127.0.0.1:8787' },
  },
})
