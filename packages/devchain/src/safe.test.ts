import { type Address, type Hex, hashMessage, parseErc6492Signature } from 'viem'
import { verifyHash, verifyMessage } from 'viem/actions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import {
  counterfactualSignature,
  createSafe,
  ERC6492_MAGIC_SUFFIX,
  predictSafeAddress,
  proxyFactoryCalldata,
  readSafe,
} from './safe.ts'
import { deploySafeContracts, SAFE_VERSIONS, type SafeDeployment, type SafeVersion } from './safe-deploy.ts'
import { concatOwnerSignatures, signSafeMessage } from './safe-signatures.ts'
import { devClient } from './send-transactions.ts'

let anvil: Anvil
let owners: Address[]
let keys: Hex[]
const deployments = {} as Record<SafeVersion, SafeDeployment>

beforeAll(async () => {
  anvil = await startAnvil()
  owners = anvil.accounts.slice(0, 3).map((a) => a.address)
  keys = anvil.accounts.slice(0, 3).map((a) => a.privateKey)
  for (const version of SAFE_VERSIONS) deployments[version] = await deploySafeContracts(anvil.rpcUrl, version)
})
afterAll(async () => {
  await anvil?.stop()
})

const SIWE_TEXT = `localhost wants you to sign in with your Ethereum account:
0x0000000000000000000000000000000000000000

Sign in to Signet.

URI: http://localhost
Version: 1
Chain ID: 31337
Nonce: abcdefgh12345678
Issued At: 2025-01-01T00:00:00.000Z`

describe.each(SAFE_VERSIONS)('Safe %s', (version) => {
  it('creates a 2-of-3 Safe at the predicted address and reads it back', async () => {
    const deployment = deployments[version]
    const setup = { rpcUrl: anvil.rpcUrl, deployment, owners, threshold: 2, saltNonce: 1n }
    const predicted = await predictSafeAddress(setup)
    expect(await devClient(anvil.rpcUrl).getCode({ address: predicted })).toBeUndefined()
    const address = await createSafe(setup)
    expect(address).toBe(predicted)
    expect(await readSafe(anvil.rpcUrl, address)).toEqual({
      owners,
      threshold: 2,
      nonce: 0n,
      version,
      fallbackHandler: deployment.fallbackHandler,
      singleton: deployment.singleton,
    })
  })

  it('a different salt nonce gives a different Safe', async () => {
    const deployment = deployments[version]
    const a = await createSafe({ rpcUrl: anvil.rpcUrl, deployment, owners, threshold: 1, saltNonce: 2n })
    const b = await createSafe({ rpcUrl: anvil.rpcUrl, deployment, owners, threshold: 1, saltNonce: 3n })
    expect(a).not.toBe(b)
    expect((await readSafe(anvil.rpcUrl, b)).threshold).toBe(1)
  })
})

describe('counterfactual (ERC-6492) signatures', () => {
  it('wraps factory, factory calldata and inner signature, then the magic suffix', () => {
    const deployment = deployments['1.4.1']
    const setup = { deployment, owners, threshold: 2, saltNonce: 7n }
    const wrapped = counterfactualSignature({ ...setup, signature: '0x1234' })
    expect(wrapped.endsWith(ERC6492_MAGIC_SUFFIX.slice(2))).toBe(true)
    expect(parseErc6492Signature(wrapped)).toEqual({
      address: deployment.proxyFactory,
      data: proxyFactoryCalldata(setup),
      signature: '0x1234',
    })
  })

  it.each(['1.3.0', '1.4.1', '1.5.0'] as const)(
    'Safe %s: viem verifies a 2-of-3 signature of a not-yet-deployed Safe; one owner is not enough',
    async (version) => {
      const deployment = deployments[version]
      const setup = { rpcUrl: anvil.rpcUrl, deployment, owners, threshold: 2, saltNonce: 100n }
      const safe = await predictSafeAddress(setup)
      const client = devClient(anvil.rpcUrl)
      const hash = hashMessage(SIWE_TEXT)
      const ref = { safe, chainId: anvil.chainId, version, message: hash }
      const [s0, s2] = await Promise.all([
        signSafeMessage(keys[0] as Hex, ref),
        signSafeMessage(keys[2] as Hex, ref),
      ])
      const wrapped = counterfactualSignature({ ...setup, signature: concatOwnerSignatures([s2, s0]) })
      expect(await verifyHash(client, { address: safe, hash, signature: wrapped })).toBe(true)
      expect(await verifyMessage(client, { address: safe, message: SIWE_TEXT, signature: wrapped })).toBe(
        true,
      )
      const oneOwner = counterfactualSignature({ ...setup, signature: concatOwnerSignatures([s0]) })
      expect(await verifyHash(client, { address: safe, hash, signature: oneOwner })).toBe(false)
      // Verification only simulated the deployment.
      expect(await client.getCode({ address: safe })).toBeUndefined()
    },
  )
})
