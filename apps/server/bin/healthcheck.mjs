#!/usr/bin/env node
// The container image's HEALTHCHECK: GET /readyz on Signet's management listener; exit 0 when it
// answers 200, else 1 with the reason. Plain JavaScript, so that a check every few seconds does
// not load the TypeScript loader. The port and host follow the server's own defaults:
// SIGNET_MANAGEMENT_PORT, else PORT + 1 (8788); SIGNET_MANAGEMENT_HOST, else HOST, with a wildcard
// address checked on loopback.
const env = process.env
const port = env.SIGNET_MANAGEMENT_PORT || String(Number(env.PORT || 8787) + 1)
if (!/^\d+$/.test(port) || port === '0') {
  console.error(`healthcheck: no fixed management port to check (SIGNET_MANAGEMENT_PORT=${port})`)
  process.exit(1)
}
const host =
  { '0.0.0.0': '127.0.0.1', '::': '::1', '': '127.0.0.1' }[env.SIGNET_MANAGEMENT_HOST ?? env.HOST ?? ''] ??
  env.SIGNET_MANAGEMENT_HOST ??
  env.HOST
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/readyz`
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) })
  if (response.status === 200) process.exit(0)
  console.error(`healthcheck: ${url} answered ${response.status}: ${(await response.text()).slice(0, 500)}`)
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
  console.error(`healthcheck: ${url}: ${error instanceof Error ? error.message : String(error)}${cause}`)
}
process.exit(1)
