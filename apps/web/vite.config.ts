import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server (apps/server) serves dist/ and injects the run-time config into index.html; under
// `vite dev` the app fetches it from /api/config, proxied to a running `signet dev` server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // RainbowKit's QR code (cuer 0.0.3) asks `qr` for a matrix without a quiet zone (border 0);
    // qr 0.6+ throws on that and the connect dialog crashes on the "Scan with" view. cuer accepts
    // any qr 0.x, so it is pointed at the last release that allows it.
    alias: [{ find: /^qr$/, replacement: 'qr-for-cuer' }],
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
