import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { counterfactualSignature, createSafe, predictSafeAddress } from '@signet/devchain/safe'
import { SAFE_VERSIONS } from '@signet/devchain/safe-deploy'
import {
  deploySafeFixture,
  SAFE_FIXTURE_OWNER_KEYS,
  SAFE_FIXTURE_OWNERS,
  type SafeFixture,
} from '@signet/devchain/safe-fixture'
import {
  approveMessageOnChain,
  concatOwnerSignatures,
  signSafeMessage,
} from '@signet/devchain/safe-signatures'
import { type Address, concat, type Hex, hashMessage, slice } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPortUrl, type RpcCountingProxy, startRpcCountingProxy } from '../../test/rpc-counting-proxy.ts'
import { type ChainClient, createChainClient } from '../chain/chain-client.ts'
import { RpcUnavailableError } from '../errors.ts'
import { formatSiweMessage } from '../siwe/format.ts'
import { verifySignature } from './verify-signature.ts'

let anvil: Anvil
let proxy: RpcCountingProxy
let client: ChainClient
let deployments: SafeFixture['deployments']
let safes: SafeFixture['safes']

const ownerKeys = SAFE_FIXTURE_OWNER_KEYS
const owners = [...SAFE_FIXTURE_OWNERS]
const stranger = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'

let nonceCounter = 0
/** A fresh SIWE text for `address` on the local chain (distinct nonce each time). */
function siweText(address: Address): string {
  nonceCounter++
  return formatSiweMessage({
    domain: 'localhost:8787',
    address,
    statement: 'Sign in to Signet.',
    uri: 'http://localhost:8787',
    version: '1',
    chainId: anvil.chainId,
    nonce: `testnonce${nonceCounter}x`,
    issuedAt: '2025-01-01T00:00:00Z',
  })
}

/** Owner signatures of the SafeMessage for `text`, concatenated in ascending owner order. */
async function safeSignature(
  safe: Address,
  version: string,
  text: string,
  keys: readonly Hex[],
): Promise<Hex> {
  const message = hashMessage(text)
  const sigs = await Promise.all(
    keys.map((key) => signSafeMessage(key, { safe, chainId: anvil.chainId, version, message })),
  )
  return concatOwnerSignatures(sigs)
}

beforeAll(async () => {
  anvil = await startAnvil()
  proxy = await startRpcCountingProxy(anvil.rpcUrl)
  client = createChainClient({ chainId: anvil.chainId, rpcUrls: [proxy.url] })
  ;({ deployments, safes } = await deploySafeFixture(anvil.rpcUrl))
})

afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

describe('verifySignature: EOA', () => {
  it('proves an EOA without any RPC request, 65-byte or EIP-2098 64-byte', async () => {
    const account = privateKeyToAccount(ownerKeys[0])
    const message = siweText(account.address)
    const signature = await account.signMessage({ message })
    proxy.reset()
    const params = { address: account.address, message, chainId: anvil.chainId, client }
    expect(await verifySignature({ ...params, signature })).toStrictEqual({ valid: true, accountType: 'eoa' })
    const v = Number(`0x${signature.slice(-2)}`)
    const s = BigInt(slice(signature, 32, 64)) | (BigInt(v - 27) << 255n)
    const compact = concat([slice(signature, 0, 32), `0x${s.toString(16).padStart(64, '0')}`])
    expect(await verifySignature({ ...params, signature: compact })).toStrictEqual({
      valid: true,
      accountType: 'eoa',
    })
    expect(proxy.requests).toHaveLength(0)
  })

  it('needs no client for an EOA, and says invalid without one for anything else', async () => {
    const account = privateKeyToAccount(ownerKeys[1])
    const message = siweText(account.address)
    const signature = await account.signMessage({ message })
    const params = { address: account.address, message, chainId: anvil.chainId }
    expect(await verifySignature({ ...params, signature })).toStrictEqual({ valid: true, accountType: 'eoa' })
    expect(
      await verifySignature({ ...params, signature: await account.signMessage({ message: 'other' }) }),
    ).toStrictEqual({
      valid: false,
    })
  })

  it('treats truncated, odd-length and non-hex signatures as invalid, never as a crash', async () => {
    const account = privateKeyToAccount(ownerKeys[0])
    const message = siweText(account.address)
    const signature = await account.signMessage({ message })
    const params = { address: account.address, message, chainId: anvil.chainId, client }
    proxy.reset()
    for (const bad of [signature.slice(0, -1), 'hello', `${signature}zz`, '']) {
      expect(await verifySignature({ ...params, signature: bad }), bad).toStrictEqual({ valid: false })
    }
    expect(proxy.requests).toHaveLength(0)
    // A well-formed but wrong-length signature could still be a contract's: the chain is asked once.
    expect(await verifySignature({ ...params, signature: slice(signature, 0, 63) })).toStrictEqual({
      valid: false,
    })
    expect(proxy.methods()).toStrictEqual([['eth_call', 'eth_call']])
  })
})

describe.each(SAFE_VERSIONS)('verifySignature: Safe %s, 2 of 3 owners', (version) => {
  it('accepts 2-of-3 off-chain owner signatures in one HTTP round trip', async () => {
    const safe = safes[version]
    const message = siweText(safe)
    const signature = await safeSignature(safe, version, message, [ownerKeys[2], ownerKeys[0]])
    proxy.reset()
    expect(
      await verifySignature({ address: safe, message, signature, chainId: anvil.chainId, client }),
    ).toStrictEqual({
      valid: true,
      accountType: 'contract',
    })
    // Exactly one HTTP request, a JSON-RPC batch of the two isValidSignature calls and nothing else.
    expect(proxy.methods()).toStrictEqual([['eth_call', 'eth_call']])
  })

  it('rejects one owner of the two required, and a stranger', async () => {
    const safe = safes[version]
    const message = siweText(safe)
    const params = { address: safe, message, chainId: anvil.chainId, client }
    const oneOwner = await safeSignature(safe, version, message, [ownerKeys[1]])
    expect(await verifySignature({ ...params, signature: oneOwner })).toStrictEqual({ valid: false })
    const withStranger = await safeSignature(safe, version, message, [ownerKeys[0], stranger])
    expect(await verifySignature({ ...params, signature: withStranger })).toStrictEqual({ valid: false })
    const strangers = await safeSignature(safe, version, message, [stranger])
    expect(await verifySignature({ ...params, signature: strangers })).toStrictEqual({ valid: false })
  })

  it('accepts the empty signature 0x only after the Safe approved the message on-chain', async () => {
    const safe = safes[version]
    const message = siweText(safe)
    const params = { address: safe, message, signature: '0x', chainId: anvil.chainId, client }
    expect(await verifySignature(params)).toStrictEqual({ valid: false })
    await approveMessageOnChain({
      rpcUrl: anvil.rpcUrl,
      safe,
      deployment: deployments[version],
      ownerKeys: [ownerKeys[0], ownerKeys[1]],
      messageHash: hashMessage(message),
    })
    proxy.reset()
    expect(await verifySignature(params)).toStrictEqual({ valid: true, accountType: 'contract' })
    expect(proxy.methods()).toStrictEqual([['eth_call', 'eth_call']])
    // Another message is still not approved.
    expect(await verifySignature({ ...params, message: siweText(safe) })).toStrictEqual({ valid: false })
  })
})

describe('verifySignature: counterfactual Safe (ERC-6492)', () => {
  it.each(['1.3.0', '1.4.1', '1.5.0'] as const)(
    'accepts a wrapped signature of an undeployed %s Safe',
    async (version) => {
      const setup = { deployment: deployments[version], owners, threshold: 2, saltNonce: 6492n }
      const safe = await predictSafeAddress({ ...setup, rpcUrl: anvil.rpcUrl })
      expect(await client.getCode({ address: safe })).toBeUndefined()
      const message = siweText(safe)
      const inner = await safeSignature(safe, version, message, [ownerKeys[0], ownerKeys[1]])
      const signature = counterfactualSignature({ ...setup, signature: inner })
      proxy.reset()
      expect(
        await verifySignature({ address: safe, message, signature, chainId: anvil.chainId, client }),
      ).toStrictEqual({
        valid: true,
        accountType: 'counterfactual',
      })
      // One round trip: the validator's call and the account's code, batched.
      expect(proxy.methods()).toStrictEqual([['eth_call', 'eth_getCode']])
      // The check ran in a simulation: the Safe is still not deployed.
      expect(await client.getCode({ address: safe })).toBeUndefined()

      const oneOwner = counterfactualSignature({
        ...setup,
        signature: await safeSignature(safe, version, message, [ownerKeys[2]]),
      })
      expect(
        await verifySignature({
          address: safe,
          message,
          signature: oneOwner,
          chainId: anvil.chainId,
          client,
        }),
      ).toStrictEqual({
        valid: false,
      })
    },
  )

  it('labels a wrapped signature of a Safe deployed since then a contract’s, not a counterfactual one', async () => {
    const setup = { deployment: deployments['1.4.1'], owners, threshold: 2, saltNonce: 64920n }
    const safe = await predictSafeAddress({ ...setup, rpcUrl: anvil.rpcUrl })
    const message = siweText(safe)
    const signature = counterfactualSignature({
      ...setup,
      signature: await safeSignature(safe, '1.4.1', message, [ownerKeys[0], ownerKeys[1]]),
    })
    const verify = () =>
      verifySignature({ address: safe, message, signature, chainId: anvil.chainId, client })
    expect(await verify()).toStrictEqual({ valid: true, accountType: 'counterfactual' })

    // The wallet keeps sending the wrapped signature after the account was deployed (same setup, same address).
    expect(await createSafe({ ...setup, rpcUrl: anvil.rpcUrl })).toBe(safe)
    expect(await client.getCode({ address: safe })).toMatch(/^0x[0-9a-f]+$/)
    expect(await verify()).toStrictEqual({ valid: true, accountType: 'contract' })
  })

  it('rejects a wrapped signature that deploys a different Safe than the address', async () => {
    const setup = { deployment: deployments['1.4.1'], owners, threshold: 2, saltNonce: 7n }
    const other = await predictSafeAddress({ ...setup, rpcUrl: anvil.rpcUrl, saltNonce: 8n })
    const message = siweText(other)
    const inner = await safeSignature(other, '1.4.1', message, [ownerKeys[0], ownerKeys[1]])
    const signature = counterfactualSignature({ ...setup, signature: inner })
    expect(
      await verifySignature({ address: other, message, signature, chainId: anvil.chainId, client }),
    ).toStrictEqual({
      valid: false,
    })
  })
})

describe('verifySignature: RPC down', () => {
  it('throws RpcUnavailableError for a Safe and still proves an EOA', async () => {
    const down = createChainClient({ chainId: anvil.chainId, rpcUrls: [await closedPortUrl()] })
    const safe = safes['1.4.1']
    const message = siweText(safe)
    const signature = await safeSignature(safe, '1.4.1', message, [ownerKeys[0], ownerKeys[1]])
    const error = await verifySignature({
      address: safe,
      message,
      signature,
      chainId: anvil.chainId,
      client: down,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcUnavailableError)
    expect((error as RpcUnavailableError).code).toBe('rpc_unavailable')
    expect((error as RpcUnavailableError).status).toBe(503)
    expect((error as RpcUnavailableError).message).toMatch(
      new RegExp(
        `^The RPC of chain ${anvil.chainId} could not be reached to check the contract account \\(.+\\)\\.$`,
      ),
    )
    await expect(
      verifySignature({ address: safe, message, signature: '0x', chainId: anvil.chainId, client: down }),
    ).rejects.toBeInstanceOf(RpcUnavailableError)
    await expect(
      verifySignature({
        address: safe,
        message,
        signature: counterfactualSignature({
          deployment: deployments['1.4.1'],
          owners,
          threshold: 2,
          signature,
        }),
        chainId: anvil.chainId,
        client: down,
      }),
    ).rejects.toBeInstanceOf(RpcUnavailableError)

    const account = privateKeyToAccount(ownerKeys[0])
    const eoaMessage = siweText(account.address)
    expect(
      await verifySignature({
        address: account.address,
        message: eoaMessage,
        signature: await account.signMessage({ message: eoaMessage }),
        chainId: anvil.chainId,
        client: down,
      }),
    ).toStrictEqual({ valid: true, accountType: 'eoa' })
  })

  it('falls back to the next RPC URL when the first is down', async () => {
    const withFallback = createChainClient({
      chainId: anvil.chainId,
      rpcUrls: [await closedPortUrl(), proxy.url],
    })
    const safe = safes['1.5.0']
    const message = siweText(safe)
    const signature = await safeSignature(safe, '1.5.0', message, [ownerKeys[0], ownerKeys[1]])
    expect(
      await verifySignature({
        address: safe,
        message,
        signature,
        chainId: anvil.chainId,
        client: withFallback,
      }),
    ).toStrictEqual({ valid: true, accountType: 'contract' })
  })
})
