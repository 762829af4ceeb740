import { type Address, concat, type Hex, hashMessage, parseAbi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { readSafe } from './safe.ts'
import { EIP1271_MAGIC_VALUE, LEGACY_EIP1271_MAGIC_VALUE } from './safe-abi.ts'
import { SAFE_VERSIONS } from './safe-deploy.ts'
import {
  deploySafeFixture,
  SAFE_FIXTURE_OWNER_KEYS,
  SAFE_FIXTURE_OWNERS,
  type SafeFixture,
} from './safe-fixture.ts'
import {
  approveMessageOnChain,
  concatOwnerSignatures,
  execSafeTransaction,
  type OwnerSignature,
  readIsValidSignature,
  readLegacyIsValidSignature,
  SafeSignatureError,
  safeMessageHash,
  safeTransactionHash,
  signSafeMessage,
} from './safe-signatures.ts'
import { devClient, sendTransactions } from './send-transactions.ts'

const SIWE_TEXT = `localhost wants you to sign in with your Ethereum account:
0x0000000000000000000000000000000000000000

URI: http://localhost
Version: 1
Chain ID: 31337
Nonce: 12345678abcdefgh
Issued At: 2025-01-01T00:00:00.000Z`

const getMessageHashAbi = parseAbi(['function getMessageHash(bytes message) view returns (bytes32)'])
const getTransactionHashAbi = parseAbi([
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 nonce) view returns (bytes32)',
])

let anvil: Anvil
let deployments: SafeFixture['deployments']
let safes: SafeFixture['safes']

beforeAll(async () => {
  anvil = await startAnvil()
  ;({ deployments, safes } = await deploySafeFixture(anvil.rpcUrl))
})
afterAll(async () => {
  await anvil?.stop()
})

const hash = hashMessage(SIWE_TEXT)
const key = (index: 0 | 1 | 2): Hex => SAFE_FIXTURE_OWNER_KEYS[index]

describe('concatOwnerSignatures', () => {
  it('sorts by owner address ascending and rejects signatures that are not 65 bytes', () => {
    const sig = (byte: string): Hex => `0x${byte.repeat(65)}`
    const low = { owner: '0x1000000000000000000000000000000000000000' as Address, signature: sig('aa') }
    const high = { owner: '0xF000000000000000000000000000000000000000' as Address, signature: sig('bb') }
    expect(concatOwnerSignatures([high, low])).toBe(concat([low.signature, high.signature]))
    expect(() => concatOwnerSignatures([{ owner: low.owner, signature: '0x1234' }])).toThrowError(
      expect.objectContaining({ code: 'BAD_SIGNATURE_LENGTH' }),
    )
  })
})

describe.each(SAFE_VERSIONS)('Safe %s signatures', (version) => {
  const ref = () => ({ safe: safes[version], chainId: anvil.chainId, version, message: hash })
  const hasHandler = version !== '1.1.1'
  const hasLegacyCheck = version !== '1.5.0'

  it('safeMessageHash equals the on-chain getMessageHash (domain with chainId only from 1.3.0)', async () => {
    const onChain = await devClient(anvil.rpcUrl).readContract({
      address: safes[version],
      abi: getMessageHashAbi,
      functionName: 'getMessageHash',
      args: [hash],
    })
    expect(safeMessageHash(ref())).toBe(onChain)
  })

  it('a 2-of-3 off-chain SafeMessage signature is valid; one owner of two is not', async () => {
    const [s0, s1, s2] = (await Promise.all(
      SAFE_FIXTURE_OWNER_KEYS.map((owner) => signSafeMessage(owner, ref())),
    )) as [OwnerSignature, OwnerSignature, OwnerSignature]
    const two = concatOwnerSignatures([s2, s0])
    const one = concatOwnerSignatures([s1])
    const safe = safes[version]
    if (hasHandler) {
      expect(await readIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, hash, signature: two })).toBe(
        EIP1271_MAGIC_VALUE,
      )
      expect(await readIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, hash, signature: one })).toBeUndefined()
    } else {
      // 1.1.1's DefaultCallbackHandler has no isValidSignature(bytes32,bytes).
      expect(await readIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, hash, signature: two })).toBeUndefined()
    }
    if (hasLegacyCheck) {
      expect(
        await readLegacyIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, data: hash, signature: two }),
      ).toBe(LEGACY_EIP1271_MAGIC_VALUE)
      expect(
        await readLegacyIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, data: hash, signature: one }),
      ).toBeUndefined()
    }
    // Owners out of ascending order are rejected by the Safe.
    const [first, second] = [s0, s2].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1)) as [
      OwnerSignature,
      OwnerSignature,
    ]
    const unsorted = concat([second.signature, first.signature])
    const check = hasHandler
      ? readIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, hash, signature: unsorted })
      : readLegacyIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, data: hash, signature: unsorted })
    expect(await check).toBeUndefined()
  })

  it('the empty signature 0x is valid only after approveMessageOnChain', async () => {
    const safe = safes[version]
    const message = hashMessage(`${SIWE_TEXT}\nRequest ID: approve-${version}`)
    const empty = () =>
      hasHandler
        ? readIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, hash: message, signature: '0x' })
        : readLegacyIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, data: message, signature: '0x' })
    expect(await empty()).toBeUndefined()
    const nonceBefore = (await readSafe(anvil.rpcUrl, safe)).nonce
    await approveMessageOnChain({
      rpcUrl: anvil.rpcUrl,
      safe,
      deployment: deployments[version],
      ownerKeys: [key(1), key(0)],
      messageHash: message,
    })
    expect(await empty()).toBe(hasHandler ? EIP1271_MAGIC_VALUE : LEGACY_EIP1271_MAGIC_VALUE)
    expect((await readSafe(anvil.rpcUrl, safe)).nonce).toBe(nonceBefore + 1n)
    // Other messages stay unapproved.
    const other = hashMessage('something else')
    const otherCheck = hasHandler
      ? readIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, hash: other, signature: '0x' })
      : readLegacyIsValidSignature({ rpcUrl: anvil.rpcUrl, safe, data: other, signature: '0x' })
    expect(await otherCheck).toBeUndefined()
  })

  it('execSafeTransaction moves ETH with 2 owners; its safeTxHash matches getTransactionHash', async () => {
    const safe = safes[version]
    const client = devClient(anvil.rpcUrl)
    await sendTransactions(anvil.rpcUrl, key(0), [
      { to: safe, data: '0x', value: parseEther('1'), gas: 100_000n },
    ])
    const recipient = anvil.accounts[5]?.address as Address
    const before = await client.getBalance({ address: recipient })
    const { nonce } = await readSafe(anvil.rpcUrl, safe)
    const tx = { to: recipient, value: parseEther('0.25'), data: '0x' as Hex, operation: 0 as const, nonce }
    const expectedHash = await client.readContract({
      address: safe,
      abi: getTransactionHashAbi,
      functionName: 'getTransactionHash',
      args: [
        tx.to,
        tx.value,
        tx.data,
        tx.operation,
        0n,
        0n,
        0n,
        '0x0000000000000000000000000000000000000000',
        '0x0000000000000000000000000000000000000000',
        nonce,
      ],
    })
    expect(safeTransactionHash({ safe, chainId: anvil.chainId, version, tx })).toBe(expectedHash)
    const result = await execSafeTransaction({
      rpcUrl: anvil.rpcUrl,
      safe,
      ownerKeys: [key(2), key(1)],
      to: recipient,
      value: tx.value,
    })
    expect(result.safeTxHash).toBe(expectedHash)
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('0.25'))
  })

  it('execSafeTransaction with one signature of a 2-of-3 Safe fails', async () => {
    const { nonce } = await readSafe(anvil.rpcUrl, safes[version])
    const error = await execSafeTransaction({
      rpcUrl: anvil.rpcUrl,
      safe: safes[version],
      ownerKeys: [key(0)],
      to: SAFE_FIXTURE_OWNERS[0],
    }).catch((e: unknown) => e)
    // The Safe reverts (gas estimation already fails), so nothing is mined.
    expect(error).not.toBeInstanceOf(SafeSignatureError)
    expect((error as Error).message).toContain(version === '1.1.1' ? 'Signatures data too short' : 'GS020')
    expect((await readSafe(anvil.rpcUrl, safes[version])).nonce).toBe(nonce)
  })
})
