import { memorySignClientStorage } from '@signet/sandbox/host/walletconnect/memory-storage'
import { SignClient } from '@walletconnect/sign-client'
import type { BrowserContext } from 'playwright-core'
import { type Hex, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { TestContext } from 'vitest'
import { testWalletConnectProjectId } from './signet-server.ts'
import { stubWalletConnectRelay, type WalletConnectRelay } from './walletconnect-relay.ts'

export type WalletConnectWallet = {
  /**
   * Scans the app's QR code: a `wc:` pairing URI, or a wallet's link that carries one in its `uri`
   * parameter (Rainbow's `https://rnbwapp.com/wc?uri=…`). The app's session proposal follows.
   */
  pair(scanned: string): Promise<void>
  /** The session proposals received, with the chains each asked for (CAIP-2, e.g. `eip155:1`). */
  proposals: { chains: string[] }[]
  /** Every method the app asked the wallet for over the session, in order. */
  requests: string[]
  /** Sessions the app ended (wc_sessionDelete). */
  deletedSessions: number
  /** The live sessions' topics. */
  sessions(): string[]
  stop(): Promise<void>
}

/**
 * What the wallet approves, with every chain the app proposes and one account. It answers the
 * signing methods; any other request fails with 4200.
 */
const methods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const events = ['accountsChanged', 'chainChanged']

/**
 * A mobile wallet on the other end of WalletConnect v2: the WalletConnect sign client (in Node)
 * through the test relay (./walletconnect-relay.ts). It approves every session proposal with one
 * account and signs with its key (anvil's public test keys), as a user who taps "Approve" would.
 */
export async function startWalletConnectWallet(options: {
  relayUrl: string
  account: { address: string; privateKey: string }
}): Promise<WalletConnectWallet> {
  const account = privateKeyToAccount(options.account.privateKey as Hex)
  const client = await SignClient.init({
    projectId: testWalletConnectProjectId,
    relayUrl: options.relayUrl,
    logger: process.env.WC_DEBUG ? 'debug' : 'silent',
    metadata: {
      name: 'Signet Test Mobile Wallet',
      description: 'The browser tests’ WalletConnect wallet',
      url: 'https://wallet.signet.test',
      icons: [],
    },
    storage: memorySignClientStorage(),
  })
  const wallet: WalletConnectWallet = {
    proposals: [],
    requests: [],
    deletedSessions: 0,
    async pair(scanned) {
      const uri = scanned.startsWith('wc:') ? scanned : new URL(scanned).searchParams.get('uri')
      if (!uri?.startsWith('wc:')) throw new Error(`not a WalletConnect pairing: ${scanned}`)
      await client.pair({ uri })
    },
    sessions: () => client.session.getAll().map((session) => session.topic),
    async stop() {
      await client.core.relayer.transportClose().catch(() => undefined)
      client.core.heartbeat.stop()
    },
  }

  client.on('session_proposal', async ({ id, params }) => {
    const chains = [
      ...(params.requiredNamespaces.eip155?.chains ?? []),
      ...(params.optionalNamespaces?.eip155?.chains ?? []),
    ].filter((chain, index, all) => all.indexOf(chain) === index)
    wallet.proposals.push({ chains })
    const { acknowledged } = await client.approve({
      id,
      namespaces: {
        eip155: {
          chains,
          methods,
          events,
          accounts: chains.map((chain) => `${chain}:${account.address}`),
        },
      },
    })
    await acknowledged()
  })

  client.on('session_request', async ({ topic, id, params }) => {
    const { method, params: requestParams } = params.request as { method: string; params: unknown[] }
    wallet.requests.push(method)
    try {
      const result = await answer(method, requestParams)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code: 4200, message } } })
    }
  })

  client.on('session_delete', () => {
    wallet.deletedSessions++
  })

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'personal_sign': {
        const [message] = params as [string]
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [, typedData] = params as [string, string]
        return account.signTypedData(JSON.parse(typedData))
      }
      default:
        throw new Error(`The test wallet does not answer ${method}.`)
    }
  }

  return wallet
}

/**
 * The relay stub for the context and a WalletConnect wallet on it, both stopped when the test
 * ends. Reload the page afterwards if it was opened before (the relay is routed from then on).
 */
export async function attachWalletConnectWallet(
  context: BrowserContext,
  test: TestContext,
  account: { address: string; privateKey: string } | undefined,
): Promise<{ relay: WalletConnectRelay; wallet: WalletConnectWallet }> {
  if (!account) throw new Error('no account for the WalletConnect wallet')
  const relay = await stubWalletConnectRelay(context)
  const wallet = await startWalletConnectWallet({ relayUrl: await relay.walletUrl(), account })
  test.onTestFinished(async () => {
    await wallet.stop()
    await relay.close()
  })
  return { relay, wallet }
}
