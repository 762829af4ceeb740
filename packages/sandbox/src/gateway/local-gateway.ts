import { type ServerType, serve } from '@hono/node-server'
import type { SafeDeployment } from '@signet/devchain/safe-deploy'
import { devClient } from '@signet/devchain/send-transactions'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { type Address, getAddress, isAddress, type PublicClient, type TypedDataDefinition } from 'viem'
import { chainConfig } from './chain-config.ts'
import { decodeCalldata } from './data-decoder.ts'
import { GatewayStore } from './gateway-store.ts'
import { badRequest, LocalGatewayError, notFound, unprocessable } from './local-gateway-error.ts'
import { addMessageSignature, createMessage, findMessage, messageListItems, messageView } from './messages.ts'
import { findSafesOfOwner } from './owned-safes.ts'
import { paginate } from './pagination.ts'
import {
  addConfirmationBody,
  createMessageBody,
  dataDecoderBody,
  estimationBody,
  parseBody,
  proposeTransactionBody,
  registerDeviceBody,
  updateMessageSignatureBody,
} from './request-bodies.ts'
import { readSafeState } from './safe-state.ts'
import { readErc20Balances } from './token-balances.ts'
import { addressInfo } from './transaction-info.ts'
import {
  addTransactionConfirmation,
  estimateSafeTransaction,
  historyItems,
  incomingTransferItems,
  multisigItems,
  proposeTransaction,
  queuedItems,
  safeNonces,
  type TransactionsContext,
  transactionDetails,
} from './transactions.ts'

export type LocalGatewayOptions = {
  rpcUrl: string
  chainId: number
  /** The Safe deployments on the chain (e.g. `DemoChain.deployments`). */
  deployments: SafeDeployment[] | Record<string, SafeDeployment>
  /** 0 or omitted: a free port. */
  port?: number
  host?: string
  chainName?: string
}

export type LocalGateway = { url: string; stop(): Promise<void> }

export class LocalGatewayStartError extends Error {
  readonly code = 'LOCAL_GATEWAY_CHAIN_MISMATCH'
  constructor(message: string) {
    super(message)
    this.name = 'LocalGatewayStartError'
  }
}

/** Fiat codes the local gateway accepts. It has no price feed: every fiat value is 0. */
export const LOCAL_FIAT_CODES = ['USD', 'EUR', 'GBP', 'CHF', 'JPY'] as const

const NATIVE_TOKEN = {
  type: 'NATIVE_TOKEN',
  address: '0x0000000000000000000000000000000000000000',
  decimals: 18,
  symbol: 'ETH',
  name: 'Ether',
  logoUri: '',
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(/[.+]/).slice(0, 3).map(Number))
  for (let i = 0; i < 3; i += 1) {
    const diff = (x?.[i] ?? 0) - (y?.[i] ?? 0)
    if (diff !== 0) return diff
  }
  return 0
}

const tag = (timestamp: number | undefined) => (timestamp ? String(Math.floor(timestamp / 1000)) : null)

/**
 * The local stand-in for the Safe Client Gateway, as a Hono app: the calls Signet makes, answered
 * from the chain at request time plus what was proposed to it (kept in memory). `url` is where it
 * will be reachable (used in `next`/`previous` links and the chain's `transactionService`).
 */
export function createLocalGatewayApp(options: LocalGatewayOptions & { url: string; client?: PublicClient }) {
  const deployments = Array.isArray(options.deployments)
    ? options.deployments
    : Object.values(options.deployments)
  const client = options.client ?? devClient(options.rpcUrl)
  const store = new GatewayStore()
  const factories = deployments.map((d) => d.proxyFactory)
  const masterCopies = deployments
    .map((d) => ({ address: getAddress(d.singleton), version: d.version }))
    .sort((a, b) => compareVersions(a.version, b.version))
  const versions = masterCopies.map((m) => m.version)
  // Safe{Wallet} recommends 1.4.1 on most chains; fall back to the newest deployed.
  const recommendedVersion = versions.includes('1.4.1') ? '1.4.1' : (versions.at(-1) ?? null)
  const trustedDelegateCallTargets = deployments.flatMap((d) =>
    [d.signMessageLib, d.multiSend, d.multiSendCallOnly].filter((a): a is Address => Boolean(a)),
  )
  const transactions: TransactionsContext = {
    client,
    store,
    chainId: options.chainId,
    factories,
    trustedDelegateCallTargets,
  }
  const messages = { client, store, chainId: options.chainId }

  const app = new Hono({ strict: false })
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'] }))

  app.onError((error, c) => {
    if (error instanceof LocalGatewayError) return c.json(error.body, error.status)
    if (error instanceof SyntaxError) return c.json({ code: 400, message: 'Request body is not JSON' }, 400)
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? 'error') : String(error)
    return c.json({ code: 503, message: `Chain unavailable: ${message}` }, 503)
  })
  // NestJS's answer to an unknown route: no `code`, so clients show the status text.
  app.notFound((c) =>
    c.json({ statusCode: 404, message: `Cannot ${c.req.method} ${c.req.path}`, error: 'Not Found' }, 404),
  )

  const chainOf = (c: Context) => {
    const chainId = c.req.param('chainId')
    if (chainId !== String(options.chainId)) throw notFound(`Chain ${chainId} is not supported`)
    return options.chainId
  }
  const addressParam = (c: Context, name: string): Address => {
    const value = c.req.param(name) ?? ''
    if (!isAddress(value, { strict: false })) throw unprocessable(`Invalid address: ${value}`)
    return getAddress(value)
  }
  const safeOf = (c: Context, name = 'safeAddress') => {
    chainOf(c)
    return addressParam(c, name)
  }
  const chain = () =>
    chainConfig({
      chainId: options.chainId,
      chainName: options.chainName ?? 'Anvil',
      rpcUrl: options.rpcUrl,
      gatewayUrl: options.url,
      recommendedMasterCopyVersion: recommendedVersion,
    })

  app.get('/v1/chains', (c) => c.json(paginate([chain()], c.req.url)))
  app.get('/v1/chains/:chainId', (c) => {
    chainOf(c)
    return c.json(chain())
  })
  app.get('/v1/chains/:chainId/about/master-copies', (c) => {
    chainOf(c)
    return c.json(masterCopies)
  })
  app.get('/v1/chains/:chainId/safe-apps', (c) => {
    chainOf(c)
    return c.json([])
  })

  app.get('/v1/chains/:chainId/safes/:safeAddress', async (c) => {
    const state = await readSafeState(client, safeOf(c))
    const known = masterCopies.find((m) => m.address === state.singleton)
    const versionState = !known
      ? 'UNKNOWN'
      : recommendedVersion && compareVersions(state.version, recommendedVersion) < 0
        ? 'OUTDATED'
        : 'UP_TO_DATE'
    const changed = store.changedAt.get(state.address.toLowerCase())
    return c.json({
      address: addressInfo(state.address),
      chainId: String(options.chainId),
      nonce: state.nonce,
      threshold: state.threshold,
      owners: state.owners.map(addressInfo),
      implementation: { value: state.singleton, name: known ? `Safe ${known.version}` : null, logoUri: null },
      implementationVersionState: versionState,
      modules: state.modules.length > 0 ? state.modules.map(addressInfo) : null,
      fallbackHandler: state.fallbackHandler ? addressInfo(state.fallbackHandler) : null,
      guard: state.guard ? addressInfo(state.guard) : null,
      version: state.version,
      collectiblesTag: null,
      txQueuedTag: tag(changed),
      txHistoryTag: String(state.nonce),
      messagesTag: tag(changed),
    })
  })

  app.get('/v1/chains/:chainId/safes/:safeAddress/nonces', async (c) =>
    c.json(await safeNonces(transactions, safeOf(c))),
  )

  app.get('/v1/chains/:chainId/owners/:ownerAddress/safes', async (c) => {
    chainOf(c)
    return c.json({ safes: await findSafesOfOwner(client, factories, addressParam(c, 'ownerAddress')) })
  })

  app.get('/v1/balances/supported-fiat-codes', (c) => c.json([...LOCAL_FIAT_CODES]))
  app.get('/v1/chains/:chainId/safes/:safeAddress/balances/:fiatCode', async (c) => {
    const safe = safeOf(c)
    const fiatCode = c.req.param('fiatCode')
    if (!LOCAL_FIAT_CODES.some((code) => code === fiatCode.toUpperCase())) {
      throw badRequest(`Unsupported fiat code: ${fiatCode}`)
    }
    const state = await readSafeState(client, safe)
    const [balance, tokens] = await Promise.all([
      client.getBalance({ address: state.address }),
      readErc20Balances(client, state.address),
    ])
    const item = (amount: bigint, tokenInfo: object) => ({
      balance: amount.toString(),
      fiatBalance: '0',
      fiatConversion: '0',
      tokenInfo,
      fiatBalance24hChange: null,
    })
    return c.json({
      fiatTotal: '0',
      items: [
        item(balance, NATIVE_TOKEN),
        ...tokens.map((token) =>
          item(token.balance, {
            type: 'ERC20',
            address: token.address,
            decimals: token.decimals,
            symbol: token.symbol,
            name: token.name,
            logoUri: '',
          }),
        ),
      ],
    })
  })

  app.get('/v1/chains/:chainId/safes/:safeAddress/collectibles', async (c) => {
    await readSafeState(client, safeOf(c))
    return c.json([])
  })
  app.get('/v2/chains/:chainId/safes/:safeAddress/collectibles', async (c) => {
    await readSafeState(client, safeOf(c))
    return c.json(paginate([], c.req.url))
  })

  app.get('/v1/chains/:chainId/safes/:safeAddress/transactions/queued', async (c) =>
    c.json(paginate(await queuedItems(transactions, safeOf(c)), c.req.url)),
  )
  app.get('/v1/chains/:chainId/safes/:safeAddress/transactions/history', async (c) =>
    c.json(paginate(await historyItems(transactions, safeOf(c)), c.req.url)),
  )
  app.get('/v1/chains/:chainId/safes/:safeAddress/incoming-transfers', async (c) =>
    c.json(paginate(await incomingTransferItems(transactions, safeOf(c)), c.req.url)),
  )
  app.get('/v1/chains/:chainId/safes/:safeAddress/module-transactions', async (c) => {
    await readSafeState(client, safeOf(c))
    return c.json(paginate([], c.req.url))
  })
  app.get('/v1/chains/:chainId/safes/:safeAddress/multisig-transactions', async (c) => {
    const safe = safeOf(c)
    const executed = c.req.query('executed')
    const nonce = c.req.query('nonce')
    const to = c.req.query('to')
    const items = await multisigItems(transactions, safe, {
      ...(executed === undefined ? {} : { executed: executed === 'true' }),
      ...(nonce === undefined ? {} : { nonce: Number(nonce) }),
      ...(to && isAddress(to, { strict: false }) ? { to: getAddress(to) } : {}),
    })
    return c.json(paginate(items, c.req.url))
  })
  app.get('/v1/chains/:chainId/transactions/:id', async (c) => {
    chainOf(c)
    return c.json(await transactionDetails(transactions, c.req.param('id')))
  })
  app.post('/v1/chains/:chainId/transactions/:safeAddress/propose', async (c) => {
    const safe = safeOf(c)
    const body = parseBody(proposeTransactionBody, await c.req.json())
    return c.json(await proposeTransaction(transactions, safe, body))
  })
  // As Safe{Wallet} posts each further owner's signature of a proposed transaction.
  app.post('/v1/chains/:chainId/transactions/:safeTxHash/confirmations', async (c) => {
    chainOf(c)
    const body = parseBody(addConfirmationBody, await c.req.json())
    return c.json(await addTransactionConfirmation(transactions, c.req.param('safeTxHash'), body.signature))
  })
  app.post('/v2/chains/:chainId/safes/:address/multisig-transactions/estimations', async (c) => {
    const safe = safeOf(c, 'address')
    const body = parseBody(estimationBody, await c.req.json())
    return c.json(await estimateSafeTransaction(transactions, safe, body))
  })

  app.post('/v1/chains/:chainId/data-decoder', async (c) => {
    chainOf(c)
    const body = parseBody(dataDecoderBody, await c.req.json())
    const decoded = decodeCalldata(body.data)
    if (!decoded) throw notFound('Cannot find function selector to decode data')
    return c.json(decoded)
  })

  app.get('/v1/chains/:chainId/safes/:safeAddress/messages', async (c) => {
    const state = await readSafeState(client, safeOf(c))
    return c.json(paginate(messageListItems(store.messagesOf(state.address), state), c.req.url))
  })
  app.post('/v1/chains/:chainId/safes/:safeAddress/messages', async (c) => {
    const safe = safeOf(c)
    const body = parseBody(createMessageBody, await c.req.json())
    const message = body.message as string | TypedDataDefinition
    await createMessage(messages, safe, { message, signature: body.signature, origin: body.origin })
    // As the gateway does: accepted, readable by its hash.
    return c.body(null, 202)
  })
  app.get('/v1/chains/:chainId/messages/:messageHash', async (c) => {
    chainOf(c)
    const stored = findMessage(store, c.req.param('messageHash'))
    return c.json(messageView(stored, await readSafeState(client, stored.safe)))
  })
  app.post('/v1/chains/:chainId/messages/:messageHash/signatures', async (c) => {
    chainOf(c)
    const body = parseBody(updateMessageSignatureBody, await c.req.json())
    await addMessageSignature(messages, c.req.param('messageHash'), body.signature)
    return c.body(null, 200)
  })

  app.get('/v1/chains/:chainId/delegates', (c) => {
    chainOf(c)
    // Delegates are not created through Signet, so there are none to list.
    return c.json(paginate([], c.req.url))
  })

  app.post('/v1/register/notifications', async (c) => {
    const body = parseBody(registerDeviceBody, await c.req.json())
    const other = body.safeRegistrations.find((r) => r.chainId !== String(options.chainId))
    if (other) throw badRequest(`Chain ${other.chainId} is not supported`)
    const uuid = body.uuid ?? crypto.randomUUID()
    store.devices.set(uuid, {
      uuid,
      deviceType: body.deviceType,
      cloudMessagingToken: body.cloudMessagingToken,
      safes: body.safeRegistrations.flatMap((r) =>
        r.safes.map((safe) => ({ chainId: r.chainId, safe: getAddress(safe) })),
      ),
    })
    return c.body(null, 200)
  })
  app.delete('/v1/chains/:chainId/notifications/devices/:uuid/safes/:safeAddress', (c) => {
    const safe = safeOf(c)
    const device = store.devices.get(c.req.param('uuid'))
    if (device) device.safes = device.safes.filter((s) => s.safe !== safe)
    return c.body(null, 204)
  })
  app.delete('/v1/chains/:chainId/notifications/devices/:uuid', (c) => {
    chainOf(c)
    store.devices.delete(c.req.param('uuid'))
    return c.body(null, 204)
  })

  return { app, store }
}

/**
 * Starts the local gateway on `host:port` (default 127.0.0.1, a free port) for the chain at `rpcUrl`.
 *
 * @example
 * const chain = await startDemoChain()
 * const gateway = await startLocalGateway({ rpcUrl: chain.anvil.rpcUrl, chainId: 31337, deployments: chain.deployments })
 * const client = createGatewayClient({ baseUrl: gateway.url })
 */
export async function startLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  const client = devClient(options.rpcUrl)
  const actual = await client.getChainId()
  if (actual !== options.chainId) {
    throw new LocalGatewayStartError(
      `The chain at ${options.rpcUrl} has id ${actual}, not ${options.chainId}`,
    )
  }
  const host = options.host ?? '127.0.0.1'
  // The app needs its own URL (page links), which is known once the port is: route through a holder.
  let handler: ((request: Request) => Response | Promise<Response>) | undefined
  const server: ServerType = await new Promise((resolve) => {
    const started = serve(
      {
        fetch: (request) => (handler as (r: Request) => Response | Promise<Response>)(request),
        port: options.port ?? 0,
        hostname: host,
      },
      () => resolve(started),
    )
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const url = `http://${host}:${port}`
  handler = createLocalGatewayApp({ ...options, url, client }).app.fetch
  return {
    url,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
