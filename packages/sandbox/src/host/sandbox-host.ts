import { fileURLToPath } from 'node:url'
import { type ServerType, serve } from '@hono/node-server'
import type { SafeDeployment } from '@signet/devchain/safe-deploy'
import { createHostApp } from './host-app.ts'
import { createHostGateway } from './host-gateway.ts'
import { MessageBook } from './message-book.ts'
import { SafeRegistry, type SandboxSafe } from './safe-registry.ts'
import { readChainId, TransactionBook } from './transaction-book.ts'
import { HostWalletConnect } from './walletconnect/host-walletconnect.ts'

export type { SandboxSafe } from './safe-registry.ts'

export type SandboxHostOptions = {
  /** The Safe App to frame, e.g. Signet's origin `http://localhost:8787/`. */
  appUrl: string
  rpcUrl: string
  chainId: number
  /** The Safes offered, with the keys of the owners a person may confirm as. */
  safes: SandboxSafe[]
  /** Safe deployments on the chain (SignMessageLib, MultiSendCallOnly), e.g. `DemoChain.deployments`. */
  deployments?: SafeDeployment[] | Record<string, SafeDeployment>
  /**
   * Where Safe transactions and off-chain messages are proposed and confirmed, as Safe{Wallet} does
   * (the local gateway). Without one the host keeps them to itself.
   */
  gatewayUrl?: string
  chainName?: string
  /**
   * The WalletConnect relay where dApps pasted into the host's WalletConnect page are met (`ws(s)://`);
   * omitted: WalletConnect's public relay.
   */
  walletConnectRelayUrl?: string
  /** 0 or omitted: a free port. */
  port?: number
  /** Default 127.0.0.1: another site than Signet's `localhost`, as Safe{Wallet} is. */
  host?: string
}

export type SandboxHost = { url: string; stop(): Promise<void> }

export class SandboxHostStartError extends Error {
  readonly code = 'SANDBOX_CHAIN_MISMATCH'
  constructor(message: string) {
    super(message)
    this.name = 'SandboxHostStartError'
  }
}

const pageEntry = fileURLToPath(new URL('./page/host-page.ts', import.meta.url))

/**
 * Starts the sandbox host: a stand-in for Safe{Wallet} on its own origin that frames `appUrl` and
 * speaks the Safe Apps protocol to it, with buttons to confirm as each owner whose key it holds.
 *
 * @example
 * const host = await startSandboxHost({ appUrl: signet.url, rpcUrl, chainId: 31337, safes: [demoSafe] })
 * console.log(`open ${host.url}`)
 */
export async function startSandboxHost(options: SandboxHostOptions): Promise<SandboxHost> {
  const chainId = await readChainId(options.rpcUrl)
  if (chainId !== options.chainId) {
    throw new SandboxHostStartError(`The RPC serves chain ${chainId}, not ${options.chainId}`)
  }
  const deployments = Array.isArray(options.deployments)
    ? options.deployments
    : Object.values(options.deployments ?? {})
  const registry = new SafeRegistry(options.rpcUrl, options.chainId, options.safes, deployments)
  const gateway = options.gatewayUrl ? createHostGateway(options.gatewayUrl) : undefined
  const messages = new MessageBook(registry, gateway?.client)
  const transactions = new TransactionBook(registry, gateway)
  let url = ''
  // Nothing connects to the relay before a dApp is paired on the WalletConnect page.
  const walletConnect = new HostWalletConnect({
    relayUrl: options.walletConnectRelayUrl ?? 'wss://relay.walletconnect.org',
    registry,
    messages,
    transactions,
    gateway: gateway?.client,
    hostUrl: () => url,
  })
  let script: Promise<string> | undefined
  const app = createHostApp({
    appUrl: options.appUrl,
    chainName: options.chainName ?? (options.chainId === 31337 ? 'Local chain' : `Chain ${options.chainId}`),
    registry,
    messages,
    transactions,
    walletConnect,
    script: () => {
      script ??= bundlePageScript()
      return script
    },
  })
  const hostname = options.host ?? '127.0.0.1'
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }, () => resolve(started))
    started.once('error', reject)
  })
  const { port } = server.address() as { port: number }
  const shownHost = hostname.includes(':') ? `[${hostname}]` : hostname
  url = `http://${shownHost}:${port}`
  return {
    url,
    stop: async () => {
      await walletConnect.stop()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
    },
  }
}

/** The page's script, built from TypeScript once per process (esbuild, a few tens of ms). */
async function bundlePageScript(): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [pageEntry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const file = result.outputFiles[0]
  if (!file) throw new Error('esbuild produced no host page script')
  return file.text
}
