import type { Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'

/** Co-owners may take days; the server holds the nonce this long at most (SIGNET_PENDING_SIGN_IN_TTL). */
export const safeSignInLifetimeMs = 7 * 24 * 60 * 60 * 1000

// EIP-4361: statement = *( reserved / unreserved / " " ) — the server's parser enforces it.
const statementCharacters = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/

export type SafeSignInMessageParameters = {
  safe: Address
  chainId: number
  nonce: string
  appName: string
  location: Pick<Location, 'host' | 'origin'>
  issuedAt?: Date
  /** Signing in to an application through Signet (oidc/): its statement and where the proof goes. */
  application?: { statement: string; resources: string[] }
}

/**
 * The EIP-4361 message that signs in as the Safe: its address, its chain, the server's nonce, this page's
 * domain and origin, and an expiration time that gives co-owners a week to confirm.
 *
 * @example createSafeSignInMessage({ safe, chainId: 1, nonce, appName: 'Signet', location: window.location })
 */
export function createSafeSignInMessage(parameters: SafeSignInMessageParameters): string {
  const issuedAt = parameters.issuedAt ?? new Date()
  const statement = `Sign in to ${parameters.appName} as this Safe.`
  return createSiweMessage({
    domain: parameters.location.host,
    uri: parameters.location.origin,
    version: '1',
    address: parameters.safe,
    chainId: parameters.chainId,
    nonce: parameters.nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + safeSignInLifetimeMs),
    statement:
      parameters.application?.statement ??
      (statementCharacters.test(statement) ? statement : 'Sign in as this Safe.'),
    ...(parameters.application ? { resources: parameters.application.resources } : {}),
  })
}
