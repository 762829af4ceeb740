import { keccak_256 } from '@noble/hashes/sha3'
import { createRequire } from 'node:module'
import { personalSignHash } from '/work/main/apps/server/src/verify/eip191-hash.ts'
import { parseRecoverableSignature, recoverSignerAddress } from '/work/main/apps/server/src/verify/ecdsa-recover.ts'
import { verifySignature } from '/work/main/apps/server/src/verify/verify-signature.ts'
import { privateKeyToAccount } from 'viem/accounts'
const require = createRequire(import.meta.url)
const native = require('secp256k1/bindings.js')
const keccakNative = require('/work/main/node_modules/keccak/bindings.js')
const acct = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const message = `localhost:8787 wants you to sign in with your Ethereum account:\n${acct.address}\n\nSign in to Signet.\n\nURI: http://localhost:8787\nVersion: 1\nChain ID: 31337\nNonce: abcdefghijklmnopqrstuvwx\nIssued At: 2026-11-22T00:00:00.000Z`
const signature = await acct.signMessage({ message })
const hash = personalSignHash(message)
const parsed = parseRecoverableSignature(signature)!
function bench(name: string, n: number, f: () => unknown) {
  for (let i = 0; i < n / 10; i++) f()
  const c = process.cpuUsage(); const t = performance.now()
  for (let i = 0; i < n; i++) f()
  const u = process.cpuUsage(c)
  console.log(name.padEnd(40), ((performance.now() - t) * 1000 / n).toFixed(1), 'µs wall', ((u.user + u.system) / n).toFixed(1), 'µs cpu')
}
async function abench(name: string, n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < n / 10; i++) await f()
  const c = process.cpuUsage(); const t = performance.now()
  for (let i = 0; i < n; i++) await f()
  const u = process.cpuUsage(c)
  console.log(name.padEnd(40), ((performance.now() - t) * 1000 / n).toFixed(1), 'µs wall', ((u.user + u.system) / n).toFixed(1), 'µs cpu')
}
const pub = new Uint8Array(64).fill(7)
for (let k = 0; k < 2; k++) {
bench('noble keccak 64B', 20000, () => keccak_256(pub))
bench('noble keccak 300B', 20000, () => keccak_256(Buffer.from(message)))
bench('personalSignHash', 20000, () => personalSignHash(message))
bench('keccak native 300B', 20000, () => keccakNative('keccak256').update(Buffer.from(message)).digest())
bench('native ecdsaRecover', 5000, () => native.ecdsaRecover(parsed.rs, parsed.recid, hash, false))
await abench('recoverSignerAddress native', 5000, () => recoverSignerAddress(hash, parsed, 'native'))
await abench('verifySignature native', 5000, () => verifySignature({ address: acct.address, message, signature, chainId: 1 }))
}
