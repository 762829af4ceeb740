import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import type { PublicConfig } from '../../src/config/public-config.ts'

export type TestSignet = {
  url: string
  config: PublicConfig
  /** The two local chains behind the app's "Ethereum" (id 1) and "Gnosis" (id 100). */
  chains: { main: Anvil; second: Anvil }
  accounts: { address: string; privateKey: string }[]
  stop(): Promise<void>
}

export type TestSignetOptions = {
  /** Extra environment for the server, e.g. `SIGNET_MODE` or theme variables. */
  env?: Record<string, string>
  /** Leave SIGNET_WALLETCONNECT_PROJECT_ID unset. */
  withoutWalletConnect?: boolean
}

/** A project id of the right shape that is nobody's example: WalletConnect is never reached in tests. */
export const testWalletConnectProjectId = '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe'

const serveModule = fileURLToPath(new URL('../../../server/src/serve.ts', import.meta.url))

/**
 * Starts Signet for a test file: two local anvil chains stand in for Ethereum (id 1, which has a
 * block explorer) and Gnosis (id 100), so switching networks and the explorer link are real and
 * nothing leaves the machine.
 */
export async function startTestSignet(options: TestSignetOptions = {}): Promise<TestSignet> {
  const [main, second] = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 100 })])
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-e2e-'))
  const env: Record<string, string> = {
    PORT: '0',
    DATABASE_URL: join(dataDir, 'signet.sqlite'),
    SIGNET_MODE: 'demo',
    SIGNET_RATE_LIMIT: 'off',
    SIGNET_RPC_1: main.rpcUrl,
    SIGNET_RPC_100: second.rpcUrl,
    ...(options.withoutWalletConnect ? {} : { SIGNET_WALLETCONNECT_PROJECT_ID: testWalletConnectProjectId }),
    ...options.env,
  }
  const stopChains = async () => {
    await Promise.all([main.stop(), second.stop()])
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    const server = existsSync(serveModule) ? await startRealServer(env) : await startStaticServer(env)
    return {
      ...server,
      chains: { main, second },
      accounts: main.accounts.map(({ address, privateKey }) => ({ address, privateKey })),
      async stop() {
        await server.stop()
        await stopChains()
      },
    }
  } catch (error) {
    await stopChains()
    throw error
  }
}

async function startRealServer(env: Record<string, string>) {
  const { startSignet } = (await import(/* @vite-ignore */ serveModule)) as {
    startSignet(options: { env: Record<string, string | undefined>; log?: unknown }): Promise<{
      url: string
      stop(): Promise<void>
    }>
  }
  const server = await startSignet({ env })
  const response = await fetch(new URL('/api/config', server.url))
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`)
  return { url: server.url.replace(/\/$/, ''), config: (await response.json()) as PublicConfig, stop: () => server.stop() }
}

// --- Until apps/server/src/serve.ts exists: the built app with an injected config ---------------

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
}

async function startStaticServer(env: Record<string, string>) {
  const ethereum = {
    id: 1,
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: [env.SIGNET_RPC_1 as string],
    blockExplorerUrl: 'https://etherscan.io',
  }
  const gnosis = {
    id: 100,
    name: 'Gnosis',
    nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
    rpcUrls: [env.SIGNET_RPC_100 as string],
    blockExplorerUrl: 'https://gnosisscan.io',
  }
  const groups = (env.SIGNET_WALLET_GROUPS ?? 'Recommended:metaMask,rainbow,coinbase,walletConnect;Other:safe,ledger,trust,zerion,argent')
    .split(';')
    .map((part) => {
      const [groupName, ids] = part.split(':')
      return { groupName: groupName as string, wallets: (ids as string).split(',') }
    })
  const mode = (env.SIGNET_MODE ?? 'production') as PublicConfig['mode']
  const config: PublicConfig = {
    appName: env.SIGNET_APP_NAME ?? 'Signet',
    mode,
    chains: [ethereum, gnosis],
    gatewayUrl: 'https://safe-client.safe.global',
    safeHosts: ['https://app.safe.global'],
    walletGroups: groups,
    theme: {
      accent: (env.SIGNET_THEME_ACCENT ?? 'blue') as PublicConfig['theme']['accent'],
      radius: (env.SIGNET_THEME_RADIUS ?? 'large') as PublicConfig['theme']['radius'],
      mode: (env.SIGNET_THEME_MODE ?? 'system') as PublicConfig['theme']['mode'],
    },
    ...(env.SIGNET_WALLETCONNECT_PROJECT_ID ? { walletConnectProjectId: env.SIGNET_WALLETCONNECT_PROJECT_ID } : {}),
  }
  const index = await readFile(join(dist, 'index.html'), 'utf8')
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  const page = index.replace('</head>', `<script id="signet-config" type="application/json">${json}</script></head>`)
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (path === '/api/config') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config))
      return
    }
    const file = normalize(join(dist, path))
    if (path !== '/' && file.startsWith(dist) && existsSync(file)) {
      try {
        const body = await readFile(file)
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body)
        return
      } catch {
        // a directory: fall through to the page
      }
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
