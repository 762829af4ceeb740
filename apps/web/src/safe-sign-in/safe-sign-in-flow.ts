import type { GatewayClient } from '@signet/gateway/client'
import { GatewayHttpError } from '@signet/gateway/errors'
import { type Address, getAddress, type Hex, type PublicClient } from 'viem'
import { type AuthApi, AuthApiError, type SignInSession } from '../auth/auth-api.ts'
import { holdNonceAgain, isNonceGone } from '../safe-message-tracker/nonce-hold.ts'
import { safeMessageHashOf } from '../safe-message-tracker/safe-message-hash.ts'
import { lookAtSafeMessage } from '../safe-message-tracker/safe-message-watch.ts'
import { isUserRejection } from '../safe-message-tracker/wallet-error-chain.ts'
import { type OwnerSigner, signAsOwner } from './owner-signature.ts'
import type { HeldNonce } from './pending-nonce-api.ts'
import {
  clearPendingSignIn,
  type KeyValueStorage,
  type PendingSafeSignIn,
  savePendingSignIn,
} from './pending-sign-in-storage.ts'
import { isOwner, readSafeFacts, sameOwnersAndThreshold } from './safe-facts.ts'
import {
  gatewayFailure,
  notAnOwnerError,
  ownersChangedError,
  SafeSignInError,
  signInExpiredError,
} from './safe-sign-in-errors.ts'
import { createSafeSignInMessage } from './safe-sign-in-message.ts'

/** What the flow talks to: the gateway, Signet's sign-in API and where a pending sign-in is kept. */
export type SafeSignInServices = {
  gateway: GatewayClient
  auth: Pick<AuthApi, 'getNonce' | 'verify'>
  holdNonce(message: string): Promise<HeldNonce>
  storage: KeyValueStorage
  appName: string
  location: Pick<Location, 'host' | 'origin'>
  /** Signing in to an application through Signet (oidc/): the message names it and lists its redirect URI. */
  application?: { statement: string; resources: string[] }
  /** The chain of a pending sign-in, where an on-chain approval of its message shows. */
  chainClient?: (chainId: number) => Pick<PublicClient, 'readContract'> | undefined
  now?: () => number
}

/** Where a pending sign-in stands after one look at the gateway. */
export type SignInProgress =
  | {
      state: 'waiting'
      /** The gateway has not indexed the message yet (the real one does it asynchronously). */
      indexed: boolean
      submitted: number
      required: number
      confirmedBy: Address[]
    }
  | { state: 'signed-in'; session: SignInSession }

/**
 * Starts signing in as `safe` with the connected owner's wallet: checks the owner against the Safe's
 * current owners, builds the Safe's EIP-4361 message with a fresh nonce, asks the server to hold that
 * nonce while co-owners confirm, signs the SafeMessage and proposes it through the gateway. The pending
 * sign-in is kept in storage, so that a reload resumes it.
 *
 * @throws {SafeSignInError} NOT_AN_OWNER, WALLET_REJECTED, GATEWAY_REJECTED, GATEWAY_UNREACHABLE, …
 * @example const pending = await startSafeSignIn(services, signer, { chainId: 1, safe, owner: address })
 */
export async function startSafeSignIn(
  services: SafeSignInServices,
  signer: OwnerSigner,
  request: { chainId: number; safe: Address; owner: Address },
): Promise<PendingSafeSignIn> {
  const { chainId, owner } = request
  const safe = getAddress(request.safe)
  const facts = await readSafeFacts(services.gateway, chainId, safe)
  if (!isOwner(facts, owner)) throw notAnOwnerError(owner)

  const { nonce } = await services.auth.getNonce()
  const now = services.now?.() ?? Date.now()
  const message = createSafeSignInMessage({
    safe,
    chainId,
    nonce,
    appName: services.appName,
    location: services.location,
    issuedAt: new Date(now),
    ...(services.application ? { application: services.application } : {}),
  })
  const held = await services.holdNonce(message)
  const ref = { safe, chainId, version: facts.version, text: message }
  const { signature } = await signWithWallet(signer, ref)
  try {
    await services.gateway.proposeSafeMessage(chainId, safe, {
      message,
      signature,
      origin: services.location.origin,
    })
  } catch (error) {
    throw gatewayFailure(error, true)
  }
  const pending: PendingSafeSignIn = {
    chainId,
    safe,
    safeVersion: facts.version,
    owners: facts.owners,
    threshold: facts.threshold,
    startedBy: getAddress(owner),
    message,
    messageHash: safeMessageHashOf(ref),
    nonceExpiresAt: held.expiresAt,
    startedAt: new Date(now).toISOString(),
  }
  savePendingSignIn(services.storage, pending)
  return pending
}

/**
 * Picks a pending sign-in up again (after a reload): asks the server to keep holding its nonce. A nonce
 * that is gone ends the sign-in (`SIGN_IN_EXPIRED`); an unreachable server leaves it as it was.
 */
export async function resumeSafeSignIn(
  services: SafeSignInServices,
  pending: PendingSafeSignIn,
): Promise<PendingSafeSignIn> {
  expireIfPast(services, pending)
  const again = await holdNonceAgain(services.holdNonce, pending.message)
  if (again.kind === 'gone') {
    clearPendingSignIn(services.storage)
    throw signInExpiredError()
  }
  if (again.kind === 'unreachable') return pending
  const resumed = { ...pending, nonceExpiresAt: again.expiresAt }
  savePendingSignIn(services.storage, resumed)
  return resumed
}

/**
 * One look at a pending sign-in (through the Safe-message tracker): the Safe's owners and threshold must be
 * those it started with; once the gateway has the message fully signed, its prepared signature signs in at
 * the server (or `0x` once the Safe approved it on chain) and the pending sign-in is over.
 *
 * @throws {SafeSignInError} OWNERS_CHANGED, SIGN_IN_EXPIRED, SIGN_IN_REFUSED (final: storage cleared);
 *   GATEWAY_UNREACHABLE, GATEWAY_ERROR (passing: try again later).
 */
export async function checkPendingSignIn(
  services: SafeSignInServices,
  pending: PendingSafeSignIn,
): Promise<SignInProgress> {
  expireIfPast(services, pending)
  const chain = services.chainClient?.(pending.chainId)
  const [facts, look] = await Promise.all([
    readSafeFacts(services.gateway, pending.chainId, pending.safe),
    // The shared tracker: the gateway's message, and the chain (an on-chain approval signs in too).
    lookAtSafeMessage(
      { gateway: services.gateway, ...(chain ? { chain } : {}) },
      { chainId: pending.chainId, safe: pending.safe, messageHash: pending.messageHash },
    ),
  ])
  if (!sameOwnersAndThreshold(facts, pending)) {
    clearPendingSignIn(services.storage)
    throw ownersChangedError(pending, facts)
  }
  if (look.state === 'signed') {
    const session = await verifyAsSafe(services, pending, look.signature)
    clearPendingSignIn(services.storage)
    return { state: 'signed-in', session }
  }
  if (look.gatewayError !== undefined) throw gatewayFailure(look.gatewayError)
  if (!look.indexed)
    return { state: 'waiting', indexed: false, submitted: 0, required: pending.threshold, confirmedBy: [] }
  return {
    state: 'waiting',
    indexed: true,
    submitted: look.submitted,
    required: look.required ?? pending.threshold,
    confirmedBy: look.confirmedBy,
  }
}

async function verifyAsSafe(services: SafeSignInServices, pending: PendingSafeSignIn, signature: Hex) {
  try {
    return await services.auth.verify({ message: pending.message, signature })
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error
    if (error.status === 0 || error.status >= 500) {
      throw new SafeSignInError(
        'GATEWAY_ERROR',
        `The sign-in service is not available right now: ${error.message}`,
        {
          cause: error,
        },
      )
    }
    clearPendingSignIn(services.storage)
    if (isNonceGone(error)) throw signInExpiredError()
    throw new SafeSignInError(
      'SIGN_IN_REFUSED',
      `The sign-in server did not accept the Safe's signature: ${error.message}`,
      {
        cause: error,
      },
    )
  }
}

function expireIfPast(services: SafeSignInServices, pending: PendingSafeSignIn): void {
  if ((services.now?.() ?? Date.now()) >= Date.parse(pending.nonceExpiresAt)) {
    clearPendingSignIn(services.storage)
    throw signInExpiredError()
  }
}

/** The gateway's message, or undefined while it is not indexed yet (404). */
export async function readMessage(gateway: GatewayClient, chainId: number, messageHash: Hex) {
  try {
    return await gateway.getSafeMessage(chainId, messageHash)
  } catch (error) {
    if (error instanceof GatewayHttpError && error.status === 404) return undefined
    throw gatewayFailure(error)
  }
}

/** Asks the wallet; a refusal or failure becomes a text the user can act on. */
export async function signWithWallet(signer: OwnerSigner, ref: Parameters<typeof signAsOwner>[1]) {
  try {
    return await signAsOwner(signer, ref)
  } catch (error) {
    if (isUserRejection(error)) {
      throw new SafeSignInError('WALLET_REJECTED', 'The signature was rejected in the wallet.', {
        cause: error,
      })
    }
    const text =
      (error as { shortMessage?: unknown }).shortMessage ?? (error instanceof Error ? error.message : error)
    throw new SafeSignInError('WALLET_REJECTED', `The wallet could not sign: ${String(text)}`, {
      cause: error,
    })
  }
}
