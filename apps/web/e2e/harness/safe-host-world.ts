import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DemoChain } from '@signet/devchain/demo'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import { type LocalGateway, startLocalGateway } from '@signet/sandbox/gateway/local-gateway'
import type { SandboxHost } from '@signet/sandbox/host/sandbox-host'
import { type RunningSignet, startSignet } from '@signet/server'
import type { Browser } from 'playwright-core'
import type { Address } from 'viem'

/** The parts every Safe host environment has (the Safe App's and the WalletConnect one). */
export type SafeHostWorld = {
  chain: DemoChain
  legacySafe: Address
  gateway: LocalGateway
  signet: RunningSignet
  host: SandboxHost
  browser: Browser
}

/**
 * What the Safe App and the WalletConnect environments share: beside the demo chain's Safes, a 2-of-3
 * Safe 1.1.1 of the same owners (its EIP-712 domain has no chain id), and the local gateway serving all.
 */
export async function startLegacySafeAndGateway(
  chain: DemoChain,
  saltNonce: bigint,
): Promise<{
  legacySafe: Address
  deployments: Parameters<typeof startLocalGateway>[0]['deployments']
  gateway: LocalGateway
}> {
  const legacy = await deploySafeContracts(chain.anvil.rpcUrl, '1.1.1')
  const legacySafe = await createSafe({
    rpcUrl: chain.anvil.rpcUrl,
    deployment: legacy,
    owners: chain.demoSafe.owners,
    threshold: 2,
    saltNonce,
  })
  const deployments = [...Object.values(chain.deployments), legacy]
  const gateway = await startLocalGateway({ rpcUrl: chain.anvil.rpcUrl, chainId: 31337, deployments })
  return { legacySafe, deployments, gateway }
}

/**
 * Signet in demo mode on its own database, reading the chain and the gateway, with `env` added.
 * `SIGNET_E2E_WEB_DIST` points at another build of the app.
 */
export async function startSignetOn(
  name: string,
  world: { chain: DemoChain; gateway: LocalGateway },
  env: Record<string, string>,
): Promise<{ signet: RunningSignet; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), `signet-${name}-`))
  const signet = await startSignet({
    env: {
      PORT: '0',
      DATABASE_URL: join(dataDir, 'signet.sqlite'),
      SIGNET_MODE: 'demo',
      SIGNET_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
      SIGNET_RPC_31337: world.chain.anvil.rpcUrl,
      SIGNET_GATEWAY_URL: world.gateway.url,
      ...env,
    },
    ...(process.env.SIGNET_E2E_WEB_DIST ? { webDist: process.env.SIGNET_E2E_WEB_DIST } : {}),
  })
  return { signet, dataDir }
}

/** Stops what started, in this order (the browser and the host before the servers they talk to). */
export async function stopInOrder(
  parts: ({ stop(): Promise<void> } | { close(): Promise<void> } | undefined)[],
  dataDir: string | undefined,
): Promise<void> {
  for (const part of parts) {
    if (part && 'close' in part) await part.close()
    else if (part) await part.stop()
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
