#!/usr/bin/env node
// `npm run dev`: the Signet server in dev mode (local chain, demo wallet) on :8787 and Vite's dev server
// with hot reload on :5173, which proxies /api to it. The SIWE origin is Vite's, where the browser is.
// Ctrl-C stops both (and the server stops its chain).
import { spawn } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const vitePort = process.env.VITE_PORT ?? '5173'
const children = [
  spawn(process.execPath, ['apps/server/bin/signet.mjs', 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: { SIGNET_ORIGIN: `http://localhost:${vitePort}`, ...process.env, PORT: process.env.PORT ?? '8787' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'apps/web', '--port', vitePort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
  }),
]
let stopping = false
function stop(signal) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill(signal)
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM')
    process.exitCode ||= code ?? 0
  })
