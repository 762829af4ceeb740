import { createGatewayClient } from '@signet/gateway/client'
import { GatewayError, GatewayHttpError } from '@signet/gateway/errors'
import { type Context, Hono } from 'hono'
import { isAddress } from 'viem'
import type { ChainConfig } from '../config/config.ts'
import { SignetError } from '../errors.ts'
import { enforceRateLimit, type RateLimiter } from '../request/rate-limit.ts'

export type ExplorerRoutesOptions = {
  /** The configured chains; `blockExplorerUrl` is where links go (SIGNET_EXPLORER_<id> or the default). */
  chains: readonly Pick<ChainConfig, 'id' | 'blockExplorerUrl'>[]
  /** The Safe Client Gateway that knows the Safe transactions (SIGNET_GATEWAY_URL). */
  gatewayUrl: string
  /**
   * Safe{Wallet} hosts (SIGNET_SAFE_HOSTS): a Safe transaction not executed yet is shown on the first.
   * In demo mode serve.ts puts the sandbox host first, the Safe{Wallet} that knows the local chain.
   */
  safeHosts: readonly string[]
  /** Longest wait for the gateway, retries included. Default 5 s. */
  lookupTimeoutMs?: number
  /** Per-client limit on the links that ask the gateway; none when rate limits are off. */
  limit?: { limiter: RateLimiter; clientKey: (c: Context) => string }
}

const defaultLookupTimeoutMs = 5_000
const transactionHash = /^0x[0-9a-fA-F]{64}$/

/**
 * `GET /explorer/:chainId/tx/:hash` and `GET /explorer/:chainId/address/:address`: redirects to the
 * chain's block explorer. In Safe App mode the app's explorer links point here, because RainbowKit's
 * recent transactions hold a safeTxHash, which no explorer knows: the gateway tells whether the hash is
 * a Safe transaction — executed: its chain transaction; not yet: its page in Safe{Wallet} — or not
 * (then it is a chain transaction of its own). Errors are SignetErrors, answered by the app's one renderer.
 *
 * @example app.route('/explorer', explorerRoutes({ chains, gatewayUrl, safeHosts }))
 */
export function explorerRoutes(options: ExplorerRoutesOptions): Hono {
  const routes = new Hono()
  const lookupTimeoutMs = options.lookupTimeoutMs ?? defaultLookupTimeoutMs

  routes.get('/:chainId/address/:address', (c) => {
    const { id, explorer } = chainOf(options, c.req.param('chainId'))
    const address = c.req.param('address')
    if (!isAddress(address)) {
      throw new SignetError(
        'invalid_request',
        400,
        `${JSON.stringify(address)} is not an address (0x and 40 hex digits, checksummed if mixed-case).`,
      )
    }
    return redirect(c, `${requireExplorer(id, explorer)}/address/${address}`)
  })

  routes.get('/:chainId/tx/:hash', async (c) => {
    const { id, explorer } = chainOf(options, c.req.param('chainId'))
    const hash = c.req.param('hash')
    if (!transactionHash.test(hash)) {
      throw new SignetError(
        'invalid_request',
        400,
        `${JSON.stringify(hash)} is not a transaction hash (0x and 64 hex digits).`,
      )
    }
    const explorerUrl = requireExplorer(id, explorer)
    if (options.limit) await enforceRateLimit(c, options.limit.limiter, options.limit.clientKey(c))
    const target = await safeTransactionTarget(id, hash, options, lookupTimeoutMs)
    return redirect(c, target.kind === 'queued' ? target.url : `${explorerUrl}/tx/${target.txHash}`)
  })

  return routes
}

type Target = { kind: 'chain'; txHash: string } | { kind: 'queued'; url: string }

/** Where a hash leads: its execution, its Safe{Wallet} page, or itself as a chain transaction. */
async function safeTransactionTarget(
  chainId: number,
  hash: string,
  options: ExplorerRoutesOptions,
  lookupTimeoutMs: number,
): Promise<Target> {
  // One deadline for every attempt of every call, so a stalled gateway never holds the link long.
  const deadline = AbortSignal.timeout(lookupTimeoutMs)
  const gateway = createGatewayClient({
    baseUrl: options.gatewayUrl,
    timeoutMs: lookupTimeoutMs,
    fetch: (input, init) =>
      globalThis.fetch(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
      }),
  })
  try {
    const details = await gateway.getTransactionDetails(chainId, hash)
    if (details.txHash) return { kind: 'chain', txHash: details.txHash }
    const { shortName } = await gateway.getChainConfig(chainId)
    const host = options.safeHosts[0] ?? 'https://app.safe.global'
    // Safe{Wallet}'s own link shape: /transactions/tx?safe=<shortName>:<safe>&id=<txId>.
    const safe = `${shortName}:${details.safeAddress}`
    return {
      kind: 'queued',
      url: `${host}/transactions/tx?safe=${safe}&id=${encodeURIComponent(details.txId)}`,
    }
  } catch (error) {
    if (error instanceof GatewayHttpError && error.status === 404 && error.call === 'getTransactionDetails') {
      return { kind: 'chain', txHash: hash }
    }
    if (!(error instanceof GatewayError)) throw error
    const reason = deadline.aborted ? `it did not answer within ${lookupTimeoutMs} ms` : error.message
    throw new SignetError(
      'gateway_unavailable',
      503,
      `The Safe Client Gateway could not tell whether ${hash} is a Safe transaction: ${reason}`,
      { cause: error },
    )
  }
}

function chainOf(options: ExplorerRoutesOptions, idText: string) {
  const chain = /^[1-9]\d{0,15}$/.test(idText)
    ? options.chains.find((candidate) => candidate.id === Number(idText))
    : undefined
  if (!chain) {
    throw new SignetError(
      'invalid_request',
      400,
      `${JSON.stringify(idText)} is not a configured chain id (configured: ${options.chains.map((c) => c.id).join(', ')}).`,
    )
  }
  return { id: chain.id, explorer: chain.blockExplorerUrl }
}

function requireExplorer(chainId: number, explorer: string | undefined): string {
  if (explorer) return explorer
  throw new SignetError(
    'no_explorer',
    404,
    `Chain ${chainId} has no block explorer configured (set SIGNET_EXPLORER_${chainId}).`,
  )
}

function redirect(c: Context, location: string) {
  // Where a Safe transaction leads changes once it executes: never cached.
  c.header('Cache-Control', 'no-store')
  return c.redirect(location, 302)
}
