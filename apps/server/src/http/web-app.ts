import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PublicConfig } from '@signet/protocol/public-config'

/** Where `npm run build -w apps/web` puts the app. */
export const defaultWebDist = new URL('../../../web/dist', import.meta.url).pathname

/**
 * Reads the built app's index.html once and injects the run-time configuration as a JSON script, so the
 * app needs no extra request before its first render. `<` is escaped so no value can close the script.
 */
export function renderIndexHtml(webDist: string, publicConfig: PublicConfig): string | undefined {
  const file = join(webDist, 'index.html')
  if (!existsSync(file)) return undefined
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c')
  const script = `<script id="signet-config" type="application/json">${json}</script>`
  const html = readFileSync(file, 'utf8')
  return html.includes('</head>') ? html.replace('</head>', `${script}</head>`) : `${script}${html}`
}
