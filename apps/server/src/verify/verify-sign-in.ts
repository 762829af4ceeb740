import type { Address } from 'viem'
import { InvalidSignatureError, SignInError } from '../errors.ts'
import { parseSiweMessage, type SiweMessage } from '../siwe/parse.ts'
import { checkDomain, checkValidityWindow, checkVersion } from '../siwe/rules.ts'
import type { RpcClient } from './contract-signature.ts'
import { type AccountType, verifySignature } from './verify-signature.ts'

export type VerifySignInParameters = {
  /** EIP-4361 text. */
  message: string
  signature: string
  /** Checked only when given. */
  domain?: string
  /** Checked only when given. */
  nonce?: string
  /** ms since the epoch for expirationTime/notBefore; now when omitted. */
  time?: number
  /** Client for the message's chain; without one only EOA signatures can be proven. */
  client?: RpcClient
}

export type VerifySignInReturnType = {
  address: Address
  chainId: number
  accountType: AccountType
  fields: SiweMessage
}

/**
 * The stand-alone check of a signed message, as `signet verify` and the EIP-4361 conformance suite do it:
 * parse strictly, check the domain and nonce when given, check expirationTime/notBefore against `time`,
 * then the signature (docs/PRODUCT.md, "Valid signatures"). The server's sign-in adds its own rules (see `checkSiweRules`).
 *
 * @throws {SiweParseError} `invalid_message`; {SignInError} `domain_mismatch`, `invalid_nonce`, `expired`,
 *   `not_yet_valid`, `invalid_signature`; {RpcUnavailableError} `rpc_unavailable`.
 * @example
 * const { address, accountType } = await verifySignIn({ message, signature, domain: 'example.com' })
 */
export async function verifySignIn({
  message,
  signature,
  domain,
  nonce,
  time = Date.now(),
  client,
}: VerifySignInParameters): Promise<VerifySignInReturnType> {
  const fields = parseSiweMessage(message)
  // Any numeric version parses (so it gets its own error code); only version 1 is valid.
  checkVersion(fields)
  if (domain !== undefined) checkDomain(fields, domain)
  if (nonce !== undefined && fields.nonce !== nonce) {
    throw new SignInError('invalid_nonce', `The message nonce ${fields.nonce} is not ${nonce}.`)
  }
  checkValidityWindow(fields, time)
  const result = await verifySignature({
    address: fields.address,
    message,
    signature,
    chainId: fields.chainId,
    client,
  })
  if (!result.valid) {
    throw new InvalidSignatureError(
      client
        ? `The signature does not prove ${fields.address}.`
        : `The signature does not prove ${fields.address} as a key-held account (contract accounts need an RPC).`,
    )
  }
  return { address: fields.address, chainId: fields.chainId, accountType: result.accountType, fields }
}
