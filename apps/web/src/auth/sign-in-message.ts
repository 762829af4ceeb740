import { signInStatement } from '@signet/protocol/auth-api'
import type { Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'

export type SignInMessageParameters = {
  address: Address
  chainId: number
  nonce: string
  appName: string
  /** The page's location: the message's domain is its host, its URI its origin (docs/PRODUCT.md, "Sign-in rules"). */
  location: Pick<Location, 'host' | 'origin'>
  issuedAt?: Date
  /** Another statement than Signet's own (signing in to an application through Signet, oidc/). */
  statement?: string
  /** EIP-4361 `Resources`: where the proof goes (an application's redirect URI). */
  resources?: string[]
}

/**
 * The EIP-4361 message the wallet signs to sign in.
 *
 * @example const message = createSignInMessage({ address, chainId: 1, nonce, appName: 'Signet', location })
 */
export function createSignInMessage(parameters: SignInMessageParameters): string {
  return createSiweMessage({
    domain: parameters.location.host,
    uri: parameters.location.origin,
    version: '1',
    address: parameters.address,
    chainId: parameters.chainId,
    nonce: parameters.nonce,
    issuedAt: parameters.issuedAt ?? new Date(),
    statement: parameters.statement ?? signInStatement(parameters.appName),
    ...(parameters.resources ? { resources: parameters.resources } : {}),
  })
}
