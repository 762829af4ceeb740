import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { counterfactualSignature, predictSafeAddress } from '@signet/devchain/safe'
import { SAFE_VERSIONS, type SafeVersion } from '@signet/devchain/safe-deploy'
import { deploySafeFixture, type SafeFixture } from '@signet/devchain/safe-fixture'
import {
  approveMessageOnChain,
  concatOwnerSignatures,
  signSafeMessage,
} from '@signet/devchain/safe-signatures'
import { type Address, type Hex, hashMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSignet, startSignet } from '../src/serve.ts'
import { freshSignInMessage, postVerify } from './sign-in-client.ts'

// Sign-in as Safe multisigs through the HTTP API, on a chain given by SIGNET_RPC_31337 (real anvil,
// real Safe bytecode of every supported version).

let anvil: Anvil
let signet: RunningSignet
let dataDir: string
let deployments: SafeFixture['deployments']
let safes: SafeFixture['safes']

function env(rpcUrl: string) {
  return {
    PORT: '0',
    DATABASE_URL: join(dataDir, 'signet.sqlite'),
    SIGNET_RPC_31337: rpcUrl,
    SIGNET_RATE_LIMIT: 'off',
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'signet-safe-'))
  anvil = await startAnvil()
  // Owners are anvil accounts 0–2, the keys of ownerKey(0…2) below.
  ;({ deployments, safes } = await deploySafeFixture(anvil.rpcUrl))
  signet = await startSignet({ env: env(anvil.rpcUrl) })
}, 180_000)

afterAll(async () => {
  await signet?.stop()
  await anvil?.stop()
})

const ownerKey = (index: number) => anvil.accounts[index]?.privateKey as Hex

/** A sign-in message for `address` with a fresh nonce of the running server. */
const siweFor = (address: Address) => freshSignInMessage(signet.url, address, signet.url)

async function ownerSignatures(version: SafeVersion, message: string, ownerIndexes: number[]): Promise<Hex> {
  const ref = { safe: safes[version], chainId: 31337, version, message: hashMessage(message) }
  return concatOwnerSignatures(
    await Promise.all(ownerIndexes.map((index) => signSafeMessage(ownerKey(index), ref))),
  )
}

const verify = (message: string, signature: Hex) => postVerify(signet.url, message, signature)

describe.each(SAFE_VERSIONS)('a 2-of-3 Safe %s', (version) => {
  it('signs in with two owners’ off-chain signatures (accountType contract)', async () => {
    const message = await siweFor(safes[version])
    const { status, body } = await verify(message, await ownerSignatures(version, message, [2, 0]))
    expect(status).toBe(200)
    expect(body).toMatchObject({ address: safes[version], chainId: 31337, accountType: 'contract' })
  })

  it('refuses one owner of two, and a stranger', async () => {
    const one = await siweFor(safes[version])
    expect((await verify(one, await ownerSignatures(version, one, [1]))).body).toEqual({
      error: { code: 'invalid_signature', message: 'The signature does not prove the address.' },
    })
    const strangers = await siweFor(safes[version])
    const { status } = await verify(strangers, await ownerSignatures(version, strangers, [5, 6]))
    expect(status).toBe(401)
  })

  it('accepts the empty signature only after the message was approved on-chain', async () => {
    const message = await siweFor(safes[version])
    expect((await verify(message, '0x')).status).toBe(401)
    const fresh = await siweFor(safes[version])
    await approveMessageOnChain({
      rpcUrl: anvil.rpcUrl,
      safe: safes[version],
      deployment: deployments[version],
      ownerKeys: [ownerKey(0), ownerKey(1)],
      messageHash: hashMessage(fresh),
    })
    const { status, body } = await verify(fresh, '0x')
    expect(status).toBe(200)
    expect(body.accountType).toBe('contract')
  })
})

describe('a counterfactual (not yet deployed) Safe 1.4.1', () => {
  it('signs in through ERC-6492 (accountType counterfactual)', async () => {
    const setup = {
      deployment: deployments['1.4.1'],
      owners: [anvil.accounts[3]?.address as Address],
      threshold: 1,
      saltNonce: 6492n,
    }
    const address = await predictSafeAddress({ ...setup, rpcUrl: anvil.rpcUrl })
    const message = await siweFor(address)
    const owner = await signSafeMessage(ownerKey(3), {
      safe: address,
      chainId: 31337,
      version: '1.4.1',
      message: hashMessage(message),
    })
    const { status, body } = await verify(
      message,
      counterfactualSignature({ ...setup, signature: owner.signature }),
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({ address, accountType: 'counterfactual' })
  })
})

describe('restart and an RPC that is down', () => {
  it('keeps the session across a restart; a Safe gets 503 with the RPC down while an EOA still signs in', async () => {
    const eoa = privateKeyToAccount(ownerKey(4))
    const first = await siweFor(eoa.address)
    const { cookie } = await verify(first, await eoa.signMessage({ message: first }))

    await signet.stop()
    signet = await startSignet({ env: env('http://127.0.0.1:9') })
    const session = await fetch(`${signet.url}/api/auth/session`, { headers: { cookie } })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { address: string }).address).toBe(eoa.address)

    const safeMessage = await siweFor(safes['1.4.1'])
    const down = await verify(safeMessage, await ownerSignatures('1.4.1', safeMessage, [0, 1]))
    expect(down.status).toBe(503)
    expect((down.body.error as { code: string }).code).toBe('rpc_unavailable')

    const eoaMessage = await siweFor(eoa.address)
    expect((await verify(eoaMessage, await eoa.signMessage({ message: eoaMessage }))).status).toBe(200)
  })
})
