import { spawnSync } from 'node:child_process'
import fc from 'fast-check'
import { type Hex, hashMessage } from 'viem'
import { privateKeyToAddress, sign } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  type EcdsaBackend,
  loadNativeSecp256k1,
  nativeSecp256k1Available,
  parseRecoverableSignature,
  recoverSignerAddress,
} from './ecdsa-recover.ts'
import { personalSignHash } from './eip191-hash.ts'
import { recoverEoaSigner } from './eoa-signature.ts'
import { verifySignature } from './verify-signature.ts'

const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const p = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn
const word = (value: bigint) => value.toString(16).padStart(64, '0')
const byte = (value: number) => value.toString(16).padStart(2, '0')
const hex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`

/** Both backends on one signature; the assertion that they agree is the point of every test here. */
async function recoverWithBoth(hash: Uint8Array, signature: string) {
  const parsed = parseRecoverableSignature(signature)
  const results = {} as Record<EcdsaBackend, string | undefined>
  for (const backend of ['native', 'javascript'] as const) {
    results[backend] = parsed === undefined ? undefined : await recoverSignerAddress(hash, parsed, backend)
  }
  expect(results.native, `native and javascript disagree on ${signature}`).toBe(results.javascript)
  return results.native
}

/** The shapes and malleations of one honest signature, with the signer each must recover (or not). */
function variants(r: bigint, s: bigint, yParity: number) {
  const flipped = 1 - yParity
  return {
    v27: `0x${word(r)}${word(s)}${byte(27 + yParity)}`,
    v0: `0x${word(r)}${word(s)}${byte(yParity)}`,
    eip2098: `0x${word(r)}${word((BigInt(yParity) << 255n) | s)}`,
    highS: `0x${word(r)}${word(n - s)}${byte(27 + flipped)}`,
    highSv0: `0x${word(r)}${word(n - s)}${byte(flipped)}`,
    vFlipped: `0x${word(r)}${word(s)}${byte(27 + flipped)}`,
    highSvKept: `0x${word(r)}${word(n - s)}${byte(27 + yParity)}`,
    eip2098Flipped: `0x${word(r)}${word((BigInt(flipped) << 255n) | s)}`,
  }
}

const privateKeys = fc.bigInt({ min: 1n, max: n - 1n }).map((key): Hex => `0x${word(key)}`)
const hashes = fc.uint8Array({ minLength: 32, maxLength: 32 })

describe('secp256k1 recovery: libsecp256k1 and the JavaScript fallback agree', () => {
  it('loaded the native binding here (the prebuilt for linux-x64 ships with the package)', () => {
    expect(nativeSecp256k1Available()).toBe(true)
  })

  it('on honest signatures in every shape, their high-s twins, and flipped parities (random keys and hashes)', async () => {
    await fc.assert(
      fc.asyncProperty(privateKeys, hashes, async (privateKey, hash) => {
        const signer = privateKeyToAddress(privateKey).toLowerCase()
        const { r, s, yParity } = await sign({ hash: hex(hash), privateKey })
        const shapes = variants(BigInt(r), BigInt(s), yParity as number)
        for (const shape of ['v27', 'v0', 'eip2098', 'highS', 'highSv0'] as const) {
          expect(await recoverWithBoth(hash, shapes[shape]), shape).toBe(signer)
        }
        for (const shape of ['vFlipped', 'highSvKept', 'eip2098Flipped'] as const) {
          expect(await recoverWithBoth(hash, shapes[shape]), shape).not.toBe(signer)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('on signatures with one bit flipped anywhere in r‖s‖v', async () => {
    await fc.assert(
      fc.asyncProperty(privateKeys, hashes, fc.nat({ max: 519 }), async (privateKey, hash, bit) => {
        const bytes = Buffer.from((await sign({ hash: hex(hash), privateKey, to: 'hex' })).slice(2), 'hex')
        bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (1 << (bit & 7))
        const recovered = await recoverWithBoth(hash, hex(bytes))
        expect(recovered).not.toBe(privateKeyToAddress(privateKey).toLowerCase())
      }),
      { numRuns: 60 },
    )
  })

  it('on arbitrary bytes of 64 and 65 bytes (most recover some key or none, never an exception)', async () => {
    await fc.assert(
      fc.asyncProperty(hashes, fc.uint8Array({ minLength: 64, maxLength: 65 }), async (hash, signature) => {
        await recoverWithBoth(hash, hex(signature))
      }),
      { numRuns: 150 },
    )
  })

  it('on r or s zero or at least n, r off the curve, and the hash at or above n', async () => {
    const privateKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
    const hash = personalSignHash('fixed edge cases')
    const { r, s, yParity } = await sign({ hash: hex(hash), privateKey })
    const [R, S] = [BigInt(r), BigInt(s)]
    const v = byte(27 + (yParity as number))
    const invalid = {
      'r = 0': `0x${word(0n)}${word(S)}${v}`,
      's = 0': `0x${word(R)}${word(0n)}${v}`,
      'r = s = 0': `0x${'00'.repeat(64)}${v}`,
      'r = n': `0x${word(n)}${word(S)}${v}`,
      'r = n + 1': `0x${word(n + 1n)}${word(S)}${v}`,
      'r = 2^256 − 1': `0x${'ff'.repeat(32)}${word(S)}${v}`,
      's = n': `0x${word(R)}${word(n)}${v}`,
      's = 2^256 − 1': `0x${word(R)}${'ff'.repeat(32)}${v}`,
      'r = p − 1 (≥ n)': `0x${word(p - 1n)}${word(S)}${v}`,
      'r = 5 (no point has that x: 5³ + 7 is no square mod p)': `0x${word(5n)}${word(S)}${v}`,
      'all ff': `0x${'ff'.repeat(65)}`,
      'v = 2': `0x${word(R)}${word(S)}02`,
      'v = 29': `0x${word(R)}${word(S)}1d`,
      'v = 26': `0x${word(R)}${word(S)}1a`,
      '63 bytes': `0x${word(R)}${word(S).slice(0, 62)}`,
      '66 bytes': `0x${word(R)}${word(S)}${v}00`,
      '0x': '0x',
      'not hex': `0x${word(R)}${word(S)}zz`,
    }
    for (const [what, signature] of Object.entries(invalid)) {
      expect(await recoverWithBoth(hash, signature), what).toBeUndefined()
    }
    // r = 1 is an x on the curve (1 + 7 = 8 is a square mod p): some key, the same for both.
    expect(await recoverWithBoth(hash, `0x${word(1n)}${word(S)}${v}`)).toMatch(/^0x[0-9a-f]{40}$/)
    // Hashes ≥ n are reduced mod n by both before recovery: same signer as the reduced hash.
    const big = Buffer.from(word(n + 7n), 'hex')
    const signed = await sign({ hash: hex(big), privateKey })
    const wrapped = `0x${word(BigInt(signed.r))}${word(BigInt(signed.s))}${byte(signed.yParity as number)}`
    expect(await recoverWithBoth(big, wrapped)).toBe(privateKeyToAddress(privateKey).toLowerCase())
    expect(await recoverWithBoth(Buffer.from(word(7n), 'hex'), wrapped)).toBe(
      privateKeyToAddress(privateKey).toLowerCase(),
    )
  })

  it('verifySignature and recoverEoaSigner give the same answers on either backend', async () => {
    const privateKey = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
    const address = privateKeyToAddress(privateKey)
    const message = 'localhost wants you to sign in with your Ethereum account:\n…'
    const signature = await sign({ hash: hashMessage(message), privateKey, to: 'hex' })
    const { r, s, yParity } = await sign({ hash: hashMessage(message), privateKey })
    const shapes = variants(BigInt(r), BigInt(s), yParity as number)
    for (const ecdsa of ['native', 'javascript'] as const) {
      expect(await verifySignature({ address, message, signature, chainId: 1, ecdsa })).toStrictEqual({
        valid: true,
        accountType: 'eoa',
      })
      expect(
        await verifySignature({ address, message, signature: shapes.eip2098, chainId: 1, ecdsa }),
      ).toStrictEqual({
        valid: true,
        accountType: 'eoa',
      })
      expect(
        await verifySignature({ address, message, signature: shapes.highS, chainId: 1, ecdsa }),
      ).toStrictEqual({
        valid: true,
        accountType: 'eoa',
      })
      for (const bad of [shapes.vFlipped, `${signature}00`, '0x', `0x${'00'.repeat(65)}`]) {
        expect(await verifySignature({ address, message, signature: bad, chainId: 1, ecdsa })).toStrictEqual({
          valid: false,
        })
      }
      expect(
        await verifySignature({ address, message: `${message}!`, signature, chainId: 1, ecdsa }),
      ).toStrictEqual({
        valid: false,
      })
      expect(await recoverEoaSigner(hashMessage(message), signature, ecdsa)).toBe(address)
    }
  })
})

describe('personalSignHash', () => {
  it('is viem hashMessage for any text (UTF-8, any length)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (text) => {
        expect(hex(personalSignHash(text))).toBe(hashMessage(text))
      }),
      { numRuns: 200 },
    )
  })
})

describe('without libsecp256k1', () => {
  it('loadNativeSecp256k1 gives undefined for a binding that does not load', () => {
    expect(loadNativeSecp256k1('secp256k1/no-such-binding.js')).toBeUndefined()
  })

  it('a process whose bindings (libsecp256k1, keccak) fail to load verifies with JavaScript, same answers', () => {
    // The binding's require is made to throw before anything loads it, as on a platform without a prebuilt.
    const preload = `import Module from 'node:module'; const load = Module._load;
      Module._load = function (request, ...rest) {
        if (/secp256k1[\\\\/]bindings|node-gyp-build/.test(request)) throw new Error('no prebuilt for this platform');
        return load.call(this, request, ...rest);
      };`
    const script = `
      import { privateKeyToAccount } from 'viem/accounts'
      import { defaultEcdsaBackend, nativeSecp256k1Available } from './src/verify/ecdsa-recover.ts'
      import { nativeKeccakAvailable } from './src/verify/keccak256.ts'
      import { verifySignature } from './src/verify/verify-signature.ts'
      const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
      const message = 'hello'
      const signature = await account.signMessage({ message })
      const good = await verifySignature({ address: account.address, message, signature, chainId: 1 })
      const bad = await verifySignature({ address: account.address, message: 'hullo', signature, chainId: 1 })
      console.log(JSON.stringify({ native: nativeSecp256k1Available(), keccak: nativeKeccakAvailable(), defaultEcdsaBackend, good, bad }))`
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(preload)}`,
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ],
      { cwd: new URL('../..', import.meta.url).pathname, encoding: 'utf8', timeout: 60_000 },
    )
    expect(child.stderr).toBe('')
    expect(JSON.parse(child.stdout)).toStrictEqual({
      native: false,
      keccak: false,
      defaultEcdsaBackend: 'javascript',
      good: { valid: true, accountType: 'eoa' },
      bad: { valid: false },
    })
  })
})
