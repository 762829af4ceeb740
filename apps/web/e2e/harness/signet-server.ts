import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import type { PublicConfig } from '@signet/protocol/public-config'
import { startSignet } from '@signet/server'

export type TestChain = { id: number; name: string; rpcUrl: string }

export type TestSignet = {
  url: string
  config: PublicConfig
  /**
   * Local chains the app offers: "Ethereum" (id 1, has a block explorer) and "Gnosis" (id 100);
   * with `localChain`, the server's own demo chain (id 31337) only.
   */
  chains: TestChain[]
  /** Funded accounts of the chains (anvil's public test keys). */
  accounts: { address: string; privateKey: string }[]
  /** With `localChain`: the demo's example application, signing in through Signet (OpenID Connect). */
  exampleAppUrl?: string
  /** With `localChain`: the sandbox Safe{Wallet} host framing Signet as a Safe App (on 127.0.0.1). */
  sandboxUrl?: string
  stop(): Promise<void>
}

export type TestSignetOptions = {
  /** Extra environment for the server, e.g. `SIGNET_MODE` or theme variables. */
  env?: Record<string, string>
  /** Leave SIGNET_WALLETCONNECT_PROJECT_ID unset. */
  withoutWalletConnect?: boolean
  /** No SIGNET_RPC_*: the server starts its local demo chain with Safes and demo accounts. */
  localChain?: boolean
}

/** A project id of the right shape that is nobody's example: WalletConnect is never reached in tests. */
export const testWalletConnectProjectId = '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe'

/**
 * Starts the real Signet server (apps/server `startSignet`) for a test file. Two local anvil
 * chains stand in for Ethereum (id 1, which has a block explorer) and Gnosis (id 100), so switching
 * networks and the explorer link are real and nothing leaves the machine. SQLite in a temp folder.
 */
export async function startTestSignet(options: TestSignetOptions = {}): Promise<TestSignet> {
  const anvils: Anvil[] = options.localChain
    ? []
    : await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 100 })])
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-e2e-'))
  const cleanUp = async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    const env: Record<string, string> = {
      PORT: '0',
      DATABASE_URL: join(dataDir, 'signet.sqlite'),
      SIGNET_MODE: 'demo',
      SIGNET_RATE_LIMIT: 'off',
      ...Object.fromEntries(anvils.map((anvil) => [`SIGNET_RPC_${anvil.chainId}`, anvil.rpcUrl])),
      LOG_LEVEL: 'silent',
      ...(options.withoutWalletConnect
        ? {}
        : { SIGNET_WALLETCONNECT_PROJECT_ID: testWalletConnectProjectId }),
      ...options.env,
    }
    // SIGNET_E2E_WEB_DIST serves another build of the app (so a build in progress can't break a run).
    const webDist = process.env.SIGNET_E2E_WEB_DIST
    const server = await startSignet({ env, ...(webDist ? { webDist } : {}) })
    const url = server.url.replace(/\/$/, '')
    const response = await fetch(`${url}/api/config`)
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`)
    const config = (await response.json()) as PublicConfig
    const local = (id: number): TestChain => {
      const chain = config.chains.find((candidate) => candidate.id === id)
      const rpcUrl = chain?.rpcUrls[0]
      if (!chain || !rpcUrl) throw new Error(`the server does not offer chain ${id}`)
      return { id, name: chain.name, rpcUrl }
    }
    const accounts = options.localChain ? (config.demoAccounts ?? []) : (anvils[0]?.accounts ?? [])
    return {
      url,
      config,
      chains: options.localChain ? [local(31337)] : [local(1), local(100)],
      accounts: accounts.map(({ address, privateKey }) => ({ address, privateKey })),
      ...(server.demo?.exampleAppUrl ? { exampleAppUrl: server.demo.exampleAppUrl } : {}),
      ...(server.demo?.sandboxUrl ? { sandboxUrl: server.demo.sandboxUrl } : {}),
      async stop() {
        await server.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
