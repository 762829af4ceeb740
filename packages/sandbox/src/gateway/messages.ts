import { concatOwnerSignatures, safeMessageHash } from '@signet/devchain/safe-signatures'
import {
  type Address,
  type Hex,
  hashMessage,
  hashTypedData,
  type PublicClient,
  type TypedDataDefinition,
} from 'viem'
import type { GatewayStore, StoredMessage } from './gateway-store.ts'
import { badRequest, notFound, unprocessable } from './local-gateway-error.ts'
import { isOwner, readSafeState, type SafeState } from './safe-state.ts'
import { recoverSafeSigner } from './signature-recovery.ts'

export type MessageContext = { client: PublicClient; store: GatewayStore; chainId: number }

/**
 * The SafeMessage EIP-712 hash of a message as the transaction service computes it: a text is first
 * EIP-191 hashed, typed data EIP-712 hashed; the result is wrapped in `SafeMessage(bytes message)`
 * under the Safe's domain.
 */
export function messageHashFor(
  state: SafeState,
  chainId: number,
  message: string | TypedDataDefinition,
): Hex {
  let inner: Hex
  try {
    inner = typeof message === 'string' ? hashMessage(message) : hashTypedData(message)
  } catch (error) {
    throw unprocessable(
      `Invalid EIP-712 typed data: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return safeMessageHash({ safe: state.address, chainId, version: state.version, message: inner })
}

/** Creates a message with the proposer's signature, which must be a current owner's. */
export async function createMessage(
  context: MessageContext,
  safe: Address,
  body: { message: string | TypedDataDefinition; signature: Hex; origin?: string | null },
): Promise<StoredMessage> {
  const state = await readSafeState(context.client, safe)
  const messageHash = messageHashFor(state, context.chainId, body.message)
  const signer = await recoverSafeSigner(messageHash, body.signature)
  if (!isOwner(state, signer)) {
    throw unprocessable(`Signer=${signer} is not an owner of Safe=${state.address}`)
  }
  if (context.store.messages.has(messageHash.toLowerCase())) {
    throw badRequest(`Message with hash ${messageHash} for safe ${state.address} already exists`)
  }
  const now = Date.now()
  const stored: StoredMessage = {
    safe: state.address,
    messageHash,
    message: body.message,
    proposedBy: signer,
    origin: body.origin ?? null,
    created: now,
    modified: now,
    confirmations: [{ owner: signer, signature: body.signature, created: now }],
  }
  context.store.messages.set(messageHash.toLowerCase(), stored)
  context.store.touch(state.address)
  return stored
}

export function findMessage(store: GatewayStore, messageHash: string): StoredMessage {
  const stored = store.messages.get(messageHash.toLowerCase())
  if (!stored) throw notFound('Message not found')
  return stored
}

/** Adds an owner's signature: a current owner of the Safe, who has not signed this message yet. */
export async function addMessageSignature(
  context: MessageContext,
  messageHash: string,
  signature: Hex,
): Promise<StoredMessage> {
  const stored = findMessage(context.store, messageHash)
  const state = await readSafeState(context.client, stored.safe)
  const signer = await recoverSafeSigner(stored.messageHash, signature)
  if (!isOwner(state, signer)) {
    throw unprocessable(`Signer=${signer} is not an owner of Safe=${state.address}`)
  }
  if (stored.confirmations.some((c) => c.owner.toLowerCase() === signer.toLowerCase())) {
    throw unprocessable(`Signature for owner ${signer} already exists`)
  }
  const now = Date.now()
  stored.confirmations.push({ owner: signer, signature, created: now })
  stored.modified = now
  context.store.touch(state.address)
  return stored
}

/**
 * The gateway's `Message`: confirmed once the confirmations reach the Safe's threshold *now* (a threshold
 * change re-labels old messages, as on the real gateway), and only then with the prepared signature —
 * all owner signatures, sorted by owner, concatenated.
 */
export function messageView(stored: StoredMessage, state: SafeState) {
  const confirmed = stored.confirmations.length >= state.threshold
  const preparedSignature = confirmed
    ? concatOwnerSignatures(stored.confirmations.map((c) => ({ owner: c.owner, signature: c.signature })))
    : null
  return {
    messageHash: stored.messageHash,
    status: confirmed ? ('CONFIRMED' as const) : ('NEEDS_CONFIRMATION' as const),
    logoUri: null,
    name: null,
    message: stored.message,
    creationTimestamp: stored.created,
    modifiedTimestamp: stored.modified,
    confirmationsSubmitted: stored.confirmations.length,
    confirmationsRequired: state.threshold,
    proposedBy: { value: stored.proposedBy, name: null, logoUri: null },
    confirmations: stored.confirmations.map((c) => ({
      owner: { value: c.owner, name: null, logoUri: null },
      signature: c.signature,
    })),
    preparedSignature,
    origin: stored.origin,
  }
}

/** Start of the UTC day of a millisecond timestamp: the gateway groups list items under date labels. */
export function utcDayStart(timestamp: number): number {
  const date = new Date(timestamp)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
}

/** A Safe's messages, newest first, each day preceded by a `DATE_LABEL`. */
export function messageListItems(stored: StoredMessage[], state: SafeState) {
  const items: (
    | { type: 'DATE_LABEL'; timestamp: number }
    | ({ type: 'MESSAGE' } & ReturnType<typeof messageView>)
  )[] = []
  let day: number | undefined
  for (const message of [...stored].sort((a, b) => b.created - a.created)) {
    const start = utcDayStart(message.created)
    if (start !== day) {
      items.push({ type: 'DATE_LABEL', timestamp: start })
      day = start
    }
    items.push({ type: 'MESSAGE', ...messageView(message, state) })
  }
  return items
}
