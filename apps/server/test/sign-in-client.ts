import type { Address } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { testOrigin } from './reliability/signet-process.ts'

// The wallet's side of a sign-in over HTTP (nonce → EIP-4361 text → signature → verify), which every test
// and bench of a running server performs: one place that speaks /api/auth as a client does.

/** The EIP-4361 text a wallet of `address` would sign for `origin` (its host is the domain) on chain 31337. */
export function signInMessage(address: Address, nonce: string, origin = testOrigin): string {
  return createSiweMessage({
    domain: new URL(origin).host,
    address,
    uri: origin,
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: new Date(),
    statement: 'Sign in to Signet.',
  })
}

/** A fresh nonce from the server at `base`. */
export async function fetchNonce(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/nonce`)
  return ((await response.json()) as { nonce: string }).nonce
}

/** Asks `base` for a nonce and returns the sign-in message of `address` with it. */
export async function freshSignInMessage(
  base: string,
  address: Address,
  origin = testOrigin,
): Promise<string> {
  return signInMessage(address, await fetchNonce(base), origin)
}

export type VerifyAnswer = {
  status: number
  body: Record<string, unknown>
  /** `name=value` of the session cookie the answer set, '' when it set none. */
  cookie: string
}

/** POST /api/auth/verify with a signed message. */
export async function postVerify(base: string, message: string, signature: string): Promise<VerifyAnswer> {
  const response = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  })
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
  }
}

/**
 * A whole EOA sign-in at `base` (whose origin is {@link testOrigin}) by `account`, a new one by default.
 *
 * @example expect((await signInAsEoa(server.url)).status).toBe(200)
 */
export async function signInAsEoa(
  base: string,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<VerifyAnswer> {
  const message = await freshSignInMessage(base, account.address)
  return postVerify(base, message, await account.signMessage({ message }))
}
