import type { DemoChain } from '@signet/devchain/demo'
import { type SandboxHost, startSandboxHost } from './sandbox-host.ts'

/**
 * The sandbox host for `npm start`'s demo chain: its 2-of-3 and 1-of-1 Safes, with every owner key,
 * framing `appUrl` from 127.0.0.1 (another site than Signet's localhost, as Safe{Wallet} is).
 *
 * @example const host = await startDemoSandboxHost({ appUrl: `${signet.url}/`, chain })
 */
export function startDemoSandboxHost(options: {
  appUrl: string
  chain: DemoChain
  gatewayUrl?: string
  walletConnectRelayUrl?: string
  port?: number
}): Promise<SandboxHost> {
  const { chain } = options
  return startSandboxHost({
    appUrl: options.appUrl,
    rpcUrl: chain.anvil.rpcUrl,
    chainId: chain.anvil.chainId,
    safes: [chain.demoSafe, chain.singleOwnerSafe].map((safe) => ({
      address: safe.address,
      ownerKeys: safe.ownerKeys,
    })),
    deployments: chain.deployments,
    ...(options.gatewayUrl ? { gatewayUrl: options.gatewayUrl } : {}),
    ...(options.walletConnectRelayUrl ? { walletConnectRelayUrl: options.walletConnectRelayUrl } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
  })
}
