import { devClient } from '@signet/devchain/send-transactions'
import { type Context, Hono } from 'hono'
import { getAddress, type TypedDataDefinition } from 'viem'
import { z } from 'zod'
import { SandboxHostError } from './host-errors.ts'
import { hostPageHtml } from './host-page-html.ts'
import { contentHashOf, type MessageBook } from './message-book.ts'
import { relayRpcCall } from './rpc-relay.ts'
import type { SafeRegistry } from './safe-registry.ts'
import type { TransactionBook } from './transaction-book.ts'
import type { HostWalletConnect } from './walletconnect/host-walletconnect.ts'

export type HostAppOptions = {
  appUrl: string
  chainName: string
  registry: SafeRegistry
  messages: MessageBook
  transactions: TransactionBook
  walletConnect: HostWalletConnect
  /** The page's script, bundled from ./page/host-page.ts. */
  script: () => Promise<string>
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hash')
const typedData = z.object({
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  message: z.record(z.string(), z.unknown()),
  primaryType: z.string().optional(),
})
const messageContent = z.union([z.string().min(1), typedData])
const messageBody = z.object({ safe: address, message: messageContent, origin: z.string().optional() })
const ownerBody = z.object({ owner: address })
const transactionBody = z.object({
  safe: address,
  calls: z
    .array(z.object({ to: z.string(), value: z.string().optional(), data: z.string().optional() }))
    .min(1),
  origin: z.string().optional(),
})

/** The host's HTTP surface: the page, its script, and the JSON endpoints the page calls. */
export function createHostApp(options: HostAppOptions): Hono {
  const { registry, messages, transactions, walletConnect } = options
  const app = new Hono()

  app.get('/', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(hostPageHtml())
  })
  // Safe{Wallet}'s link to one transaction: /transactions/tx?safe=<shortName>:<address>&id=<txId>.
  app.get('/transactions/tx', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(hostPageHtml('transaction'))
  })
  // Safe{Wallet}'s WalletConnect page: paste a dApp's wc: URI, answer its signing requests.
  app.get('/walletconnect', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(hostPageHtml('walletconnect'))
  })
  app.get('/host.js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    return c.body(await options.script())
  })

  app.get('/api/context', async (c) => {
    const safes = await Promise.all(
      registry.addresses.map(async (safe) => {
        const info = await registry.info(safe)
        return { ...info, signers: registry.signers(info) }
      }),
    )
    const chainId = String(registry.chainId)
    const addressBook = [
      ...safes.map((safe) => ({
        address: safe.safeAddress,
        chainId,
        name: `Safe ${safe.threshold} of ${safe.owners.length} (v${safe.version})`,
      })),
      ...[...new Set(safes.flatMap((safe) => safe.owners))].map((owner, index) => ({
        address: owner,
        chainId,
        name: `Owner ${index + 1}`,
      })),
    ]
    return c.json({
      appUrl: options.appUrl,
      chain: {
        chainName: options.chainName,
        chainId,
        // The local gateway's name for the chain, as Safe{Wallet} reads it from the gateway.
        shortName: registry.chainId === 31337 ? 'anvil' : `chain${registry.chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
        blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
      },
      safes,
      addressBook,
    })
  })

  app.post('/api/rpc', async (c) => {
    const body = parse(z.object({ call: z.string(), params: z.unknown() }), await readJson(c))
    return c.json(await relayRpcCall(registry.rpcUrl, body.call, body.params ?? []))
  })

  app.get('/api/safes/:address/balances/:currency', async (c) => {
    const safe = registry.find(c.req.param('address'))
    const balance = await devClient(registry.rpcUrl).getBalance({ address: safe })
    return c.json({
      fiatTotal: '0',
      items: [
        {
          tokenInfo: {
            type: 'NATIVE_TOKEN',
            address: '0x0000000000000000000000000000000000000000',
            decimals: 18,
            symbol: 'ETH',
            name: 'Ether',
            logoUri: '',
          },
          balance: balance.toString(),
          fiatBalance: '0',
          fiatConversion: '0',
        },
      ],
    })
  })

  app.post('/api/messages', async (c) => {
    const body = parse(messageBody, await readJson(c))
    return c.json(await messages.create({ ...body, message: body.message as string | TypedDataDefinition }))
  })
  app.get('/api/messages/:hash', async (c) => c.json(await messages.get(parse(hash, c.req.param('hash')))))
  app.post('/api/messages/:hash/confirm', async (c) => {
    const { owner } = parse(ownerBody, await readJson(c))
    return c.json(await messages.confirm(parse(hash, c.req.param('hash')), owner))
  })
  app.post('/api/messages/:hash/reject', (c) => {
    messages.reject(parse(hash, c.req.param('hash')))
    return c.json({ rejected: true })
  })

  app.post('/api/transactions', async (c) => {
    const body = parse(transactionBody, await readJson(c))
    return c.json(await transactions.propose(body))
  })
  app.post('/api/transactions/message-approval', async (c) => {
    const body = parse(messageBody, await readJson(c))
    const contentHash = contentHashOf(body.message as string | TypedDataDefinition)
    return c.json(
      await transactions.proposeMessageApproval({ safe: body.safe, contentHash, origin: body.origin }),
    )
  })
  app.get('/api/safes/:address/transactions', async (c) =>
    c.json(await transactions.list(getAddress(parse(address, c.req.param('address'))))),
  )
  app.get('/api/transactions/:hash', async (c) =>
    c.json(await transactions.get(parse(hash, c.req.param('hash')))),
  )
  app.post('/api/transactions/:hash/confirm', async (c) => {
    const { owner } = parse(ownerBody, await readJson(c))
    return c.json(await transactions.confirm(parse(hash, c.req.param('hash')), owner))
  })
  app.post('/api/transactions/:hash/execute', async (c) =>
    c.json(await transactions.execute(parse(hash, c.req.param('hash')))),
  )
  app.post('/api/transactions/:hash/cancel', async (c) =>
    c.json(await transactions.cancel(parse(hash, c.req.param('hash')))),
  )

  app.get('/api/safes/:address/messages', async (c) =>
    c.json(await messages.list(parse(address, c.req.param('address')))),
  )

  app.get('/api/walletconnect', async (c) => c.json(await walletConnect.view()))
  app.post('/api/walletconnect/pair', async (c) => {
    const body = parse(z.object({ uri: z.string().min(1), safe: address }), await readJson(c))
    await walletConnect.pair(body.uri.trim(), body.safe)
    return c.json({ paired: true })
  })
  app.post('/api/walletconnect/settings', async (c) => {
    const body = parse(
      z.object({ onChainSigning: z.boolean().optional(), mobileApp: z.boolean().optional() }).strict(),
      await readJson(c),
    )
    return c.json(
      walletConnect.updateSettings({
        ...(body.onChainSigning !== undefined ? { onChainSigning: body.onChainSigning } : {}),
        ...(body.mobileApp !== undefined ? { mobileApp: body.mobileApp } : {}),
      }),
    )
  })
  const requestId = z.coerce.number().int().positive()
  app.post('/api/walletconnect/requests/:id/sign', async (c) => {
    const { owner } = parse(ownerBody, await readJson(c))
    return c.json(await walletConnect.sign(parse(requestId, c.req.param('id')), owner))
  })
  app.post('/api/walletconnect/requests/:id/close-dialog', async (c) => {
    await walletConnect.closeDialog(parse(requestId, c.req.param('id')))
    return c.json({ closed: true })
  })
  // navigator.sendBeacon from the page as it goes away (any body).
  app.post('/api/walletconnect/tab-closed', (c) => {
    walletConnect.closeTab()
    return c.json({ closed: true })
  })

  app.onError((error, c) => {
    if (error instanceof SandboxHostError) {
      return c.json({ error: { code: error.code, message: error.message } }, error.status as 400)
    }
    return c.json(
      { error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } },
      500,
    )
  })
  return app
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new SandboxHostError(
      'BAD_REQUEST',
      `${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'invalid'}`,
    )
  }
  return result.data
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new SandboxHostError('BAD_REQUEST', 'The body must be JSON')
  }
}
