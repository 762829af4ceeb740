import type { GatewayClient } from '@signet/gateway/client'
import { GatewayHttpError } from '@signet/gateway/errors'
import { type Address, getAddress, type Hex } from 'viem'
import {
  gatewayFailure,
  notAnOwnerError,
  ownersChangedError,
  SafeSignInError,
} from '../safe-message-tracker/safe-sign-in-error.ts'
import type { SafeSignInServices } from '../safe-message-tracker/safe-sign-in-services.ts'
import type { HoldMessage } from '../safe-message-tracker/safe-sign-in-tracker.ts'
import type { OwnerSignInExtra, StoredSafeSignIn } from '../safe-message-tracker/stored-sign-in.ts'
import { isUserRejection } from '../safe-message-tracker/wallet-error-chain.ts'
import { type OwnerSigner, signAsOwner } from './owner-signature.ts'
import { isOwner, readSafeFacts, sameOwnersAndThreshold } from './safe-facts.ts'

/**
 * How an owner asks for the Safe's signature (the tracker's `prepare`): checks the owner against the Safe's
 * current owners, has the tracker build and hold the message with a fresh nonce, signs the SafeMessage with
 * the owner's wallet and proposes it through the gateway, where co-owners confirm it.
 *
 * @throws {SafeSignInError} NOT_AN_OWNER, WALLET_REJECTED, GATEWAY_REJECTED, GATEWAY_UNREACHABLE, …
 */
export async function proposeAsOwner(
  services: Pick<SafeSignInServices, 'gateway' | 'auth' | 'location'>,
  signer: OwnerSigner,
  request: { chainId: number; safe: Address; owner: Address },
  hold: HoldMessage<OwnerSignInExtra>,
): Promise<StoredSafeSignIn & OwnerSignInExtra> {
  const { chainId, owner } = request
  const safe = getAddress(request.safe)
  const facts = await readSafeFacts(services.gateway, chainId, safe)
  if (!isOwner(facts, owner)) throw notAnOwnerError(owner)
  const { nonce } = await services.auth.getNonce()
  const pending = await hold({
    version: facts.version,
    nonce,
    extra: { owners: facts.owners, threshold: facts.threshold, startedBy: getAddress(owner) },
  })
  const { message } = pending
  const { signature } = await signWithWallet(signer, { safe, chainId, version: facts.version, text: message })
  try {
    await services.gateway.proposeSafeMessage(chainId, safe, {
      message,
      signature,
      origin: services.location.origin,
    })
  } catch (error) {
    throw gatewayFailure(error, true)
  }
  return pending
}

/** Checked at every look: confirmations given under other owners or another threshold are void. */
export async function checkOwnersUnchanged(
  gateway: GatewayClient,
  pending: StoredSafeSignIn & OwnerSignInExtra,
): Promise<void> {
  const facts = await readSafeFacts(gateway, pending.chainId, pending.safe)
  if (!sameOwnersAndThreshold(facts, pending)) throw ownersChangedError(pending, facts)
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
      throw new SafeSignInError('WALLET_REJECTED', { key: 'walletRejected' }, { cause: error })
    }
    const text =
      (error as { shortMessage?: unknown }).shortMessage ?? (error instanceof Error ? error.message : error)
    throw new SafeSignInError(
      'WALLET_REJECTED',
      { key: 'walletCouldNotSign', values: { reason: String(text) } },
      { cause: error },
    )
  }
}
