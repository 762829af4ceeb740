import type { GatewayClient } from '@signet/gateway/client'
import { type Address, getAddress, isAddressEqual } from 'viem'
import type { SafeMessageRoute } from '../safe-message-tracker/safe-links.ts'
import { safeMessageHashOf } from '../safe-message-tracker/safe-message-hash.ts'
import {
  gatewayFailure,
  notAnOwnerError,
  SafeSignInError,
} from '../safe-message-tracker/safe-sign-in-error.ts'
import type { OwnerSigner } from './owner-signature.ts'
import { isOwner, readSafeFacts, type SafeFacts } from './safe-facts.ts'
import { readMessage, signWithWallet } from './safe-sign-in-flow.ts'

/** A co-owner's view of a message they are asked to confirm. */
export type MessageReview = {
  route: SafeMessageRoute
  /** The exact text the owners sign (its SafeMessage hash is the link's). */
  text: string
  facts: SafeFacts
  status: 'NEEDS_CONFIRMATION' | 'CONFIRMED'
  submitted: number
  required: number
  confirmedBy: Address[]
  proposedBy: Address
}

/**
 * Reads the message of a confirm link and the Safe it belongs to. The text is checked against the link:
 * its SafeMessage hash (which commits to the Safe and the chain) must be the link's, so what the co-owner
 * reads is what they sign.
 *
 * @throws {SafeSignInError} MESSAGE_NOT_FOUND, MESSAGE_MISMATCH, GATEWAY_UNREACHABLE, GATEWAY_ERROR.
 */
export async function loadMessageReview(
  gateway: GatewayClient,
  route: SafeMessageRoute,
): Promise<MessageReview> {
  const [facts, message] = await Promise.all([
    readSafeFacts(gateway, route.chainId, route.safe),
    readMessage(gateway, route.chainId, route.messageHash),
  ])
  if (!message) {
    throw new SafeSignInError('MESSAGE_NOT_FOUND', {
      key: 'messageNotFound',
      values: { messageHash: route.messageHash },
    })
  }
  if (typeof message.message !== 'string') {
    throw new SafeSignInError('MESSAGE_MISMATCH', { key: 'typedDataMessage' })
  }
  const hash = safeMessageHashOf({
    safe: route.safe,
    chainId: route.chainId,
    version: facts.version,
    text: message.message,
  })
  if (hash !== route.messageHash) {
    throw new SafeSignInError('MESSAGE_MISMATCH', { key: 'messageMismatch' })
  }
  return {
    route,
    text: message.message,
    facts,
    status: message.status,
    submitted: message.confirmationsSubmitted,
    required: message.confirmationsRequired,
    confirmedBy: message.confirmations.map((confirmation) => getAddress(confirmation.owner.value)),
    proposedBy: getAddress(message.proposedBy.value),
  }
}

export function hasConfirmed(review: Pick<MessageReview, 'confirmedBy'>, account: Address): boolean {
  return review.confirmedBy.some((owner) => isAddressEqual(owner, account))
}

/**
 * Adds the connected owner's signature to the message (`POST …/messages/{hash}/signatures`).
 *
 * @throws {SafeSignInError} NOT_AN_OWNER, WALLET_REJECTED, GATEWAY_REJECTED (the gateway's `code: message`),
 *   GATEWAY_UNREACHABLE.
 */
export async function confirmAsCoOwner(
  gateway: GatewayClient,
  signer: OwnerSigner,
  review: MessageReview,
  account: Address,
): Promise<void> {
  if (!isOwner(review.facts, account)) throw notAnOwnerError(account)
  const { route } = review
  const { signature } = await signWithWallet(signer, {
    safe: route.safe,
    chainId: route.chainId,
    version: review.facts.version,
    text: review.text,
  })
  try {
    await gateway.confirmSafeMessage(route.chainId, route.messageHash, { signature })
  } catch (error) {
    throw gatewayFailure(error, true)
  }
}
