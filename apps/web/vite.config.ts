import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server (apps/server) serves dist/ and injects the run-time config into index.html; under
// `vite dev` the app fetches it from /api/config, proxied to a running `signet dev` server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
})
