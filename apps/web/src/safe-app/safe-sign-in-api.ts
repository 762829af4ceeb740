import type { Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { framedSessionHeaders } from './safe-hosts.ts'

export type SignetSession = {
  address: Address
  chainId: number
  accountType: 'eoa' | 'contract' | 'counterfactual'
  issuedAt: string
  expiresAt: string
}

export type SignInStep = 'preparing' | 'signing' | 'verifying'

/** A sign-in step failed; `step` picks the text the user sees (SPEC §2). */
export class SafeSignInError extends Error {
  readonly code: 'SIGN_IN_PREPARING' | 'SIGN_IN_SIGNING' | 'SIGN_IN_VERIFYING'
  readonly step: SignInStep
  constructor(step: SignInStep, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SafeSignInError'
    this.step = step
    this.code = step === 'preparing' ? 'SIGN_IN_PREPARING' : step === 'signing' ? 'SIGN_IN_SIGNING' : 'SIGN_IN_VERIFYING'
  }
}

/** SPEC §2's texts for each failed step. */
export const signInErrorText: Record<SignInStep | 'other', string> = {
  preparing: 'Error preparing message, please retry!',
  signing: 'Error signing message, please retry!',
  verifying: 'Error verifying signature, please retry!',
  other: 'Oops, something went wrong!',
}

// Inside the cross-site frame the session lives in a partitioned cookie (see framedSessionHeaders).
const request = (path: string, init: RequestInit = {}) =>
  fetch(path, { ...init, credentials: 'same-origin', headers: { ...framedSessionHeaders, ...(init.headers ?? {}) } })

/**
 * Signs in as `address` (the Safe): nonce → EIP-4361 message → `sign` (the Safe) → verify. The server
 * answers the verify call with a partitioned session cookie, so the session holds inside the frame.
 *
 * @example const session = await signInWithSafe({ address, chainId, appName: 'Signet', sign })
 */
export async function signInWithSafe(parameters: {
  address: Address
  chainId: number
  appName: string
  sign: (message: string) => Promise<string>
  onStep?: (step: SignInStep) => void
}): Promise<SignetSession> {
  parameters.onStep?.('preparing')
  let message: string
  try {
    const response = await request('/api/auth/nonce', { headers: { accept: 'application/json' } })
    if (!response.ok) throw new Error(`GET /api/auth/nonce answered ${response.status}`)
    const { nonce } = (await response.json()) as { nonce: string }
    message = createSiweMessage({
      address: parameters.address,
      chainId: parameters.chainId,
      domain: window.location.host,
      uri: window.location.origin,
      nonce,
      version: '1',
      issuedAt: new Date(),
      statement: `Sign in to ${parameters.appName} as this Safe.`,
    })
  } catch (error) {
    throw new SafeSignInError('preparing', errorText(error), { cause: error })
  }
  parameters.onStep?.('signing')
  let signature: string
  try {
    signature = await parameters.sign(message)
  } catch (error) {
    throw new SafeSignInError('signing', errorText(error), { cause: error })
  }
  parameters.onStep?.('verifying')
  const response = await request('/api/auth/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  }).catch((error: unknown) => {
    throw new SafeSignInError('verifying', errorText(error), { cause: error })
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined
    throw new SafeSignInError('verifying', body?.error?.message ?? `verify answered ${response.status}`)
  }
  return (await response.json()) as SignetSession
}

/** The live session, or undefined (401). */
export async function readSession(): Promise<SignetSession | undefined> {
  const response = await request('/api/auth/session', { headers: { accept: 'application/json' } })
  if (response.status === 401) return undefined
  if (!response.ok) throw new Error(`GET /api/auth/session answered ${response.status}`)
  return (await response.json()) as SignetSession
}

export async function signOut(): Promise<void> {
  await request('/api/auth/logout', { method: 'POST' })
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    // viem wraps provider errors; the innermost message is the host's own text.
    let inner: unknown = error
    while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause
    return (inner as Error).message
  }
  return String(error)
}
