import {
  concatOwnerSignatures,
  type OwnerSignature,
  safeMessageHash,
  signSafeMessage,
} from '@signet/devchain/safe-signatures'
import type { createGatewayClient } from '@signet/gateway/client'
import { type Address, type Hex, hashMessage, hashTypedData, type TypedDataDefinition } from 'viem'
import { SandboxHostError } from './host-errors.ts'
import type { HostSafeInfo, SafeRegistry } from './safe-registry.ts'

type GatewayClient = ReturnType<typeof createGatewayClient>

/** A message as a Safe App asks to sign it: a text (EIP-191) or EIP-712 typed data. */
export type HostMessageContent = string | TypedDataDefinition

export type MessageStatus = 'NEEDS_CONFIRMATION' | 'CONFIRMED' | 'REJECTED'

type StoredMessage = {
  safe: Address
  message: HostMessageContent
  /** The SafeMessage hash owners sign (what the gateway indexes messages by). */
  messageHash: Hex
  /** EIP-191 / EIP-712 hash of the content: the `message` of the SafeMessage. */
  contentHash: Hex
  confirmations: OwnerSignature[]
  rejected: boolean
  origin: string | null
  /** The last gateway failure, shown on the page; signing goes on without it. */
  gatewayError: string | null
}

export type MessageView = {
  messageHash: Hex
  safe: Address
  message: HostMessageContent
  status: MessageStatus
  confirmationsSubmitted: number
  confirmationsRequired: number
  confirmations: OwnerSignature[]
  /** Owners the host holds keys of who have not confirmed yet. */
  pendingSigners: Address[]
  preparedSignature: Hex | null
  gatewayError: string | null
}

/**
 * Off-chain messages, as Safe{Wallet} handles them: each owner signs the SafeMessage; the first
 * signature proposes the message to the gateway and later ones are added to it, so the app can follow
 * the confirmations there. Once the threshold is met the signatures, sorted by owner, are the Safe's.
 */
export class MessageBook {
  readonly #messages = new Map<string, StoredMessage>()

  constructor(
    private readonly registry: SafeRegistry,
    private readonly gateway: GatewayClient | undefined,
  ) {}

  async create(params: { safe: string; message: HostMessageContent; origin?: string }): Promise<MessageView> {
    const info = await this.registry.info(params.safe)
    const contentHash = contentHashOf(params.message)
    const messageHash = safeMessageHash({
      safe: info.safeAddress,
      chainId: info.chainId,
      version: info.version,
      message: contentHash,
    })
    const existing = this.#messages.get(messageHash.toLowerCase())
    if (existing && !existing.rejected) return this.#view(existing, info)
    const stored: StoredMessage = {
      safe: info.safeAddress,
      message: params.message,
      messageHash,
      contentHash,
      confirmations: [],
      rejected: false,
      origin: params.origin ?? null,
      gatewayError: null,
    }
    this.#messages.set(messageHash.toLowerCase(), stored)
    return this.#view(stored, info)
  }

  async get(messageHash: string): Promise<MessageView> {
    const stored = this.#find(messageHash)
    return this.#view(stored, await this.registry.info(stored.safe))
  }

  /** `owner` signs the message (the host holds its key) and the signature goes to the gateway. */
  async confirm(messageHash: string, owner: string): Promise<MessageView> {
    const stored = this.#find(messageHash)
    if (stored.rejected) throw new SandboxHostError('NOT_PENDING', 'The message was rejected')
    const info = await this.registry.info(stored.safe)
    const { owner: signer, key } = this.registry.ownerKey(info, owner)
    if (stored.confirmations.some((c) => c.owner.toLowerCase() === signer.toLowerCase())) {
      throw new SandboxHostError('ALREADY_CONFIRMED', `${signer} has already signed this message`)
    }
    const confirmation = await signSafeMessage(key, {
      safe: info.safeAddress,
      chainId: info.chainId,
      version: info.version,
      message: stored.contentHash,
    })
    const first = stored.confirmations.length === 0
    stored.confirmations.push(confirmation)
    await this.#publish(stored, confirmation.signature, first)
    return this.#view(stored, info)
  }

  reject(messageHash: string): void {
    this.#find(messageHash).rejected = true
  }

  async #publish(stored: StoredMessage, signature: Hex, first: boolean): Promise<void> {
    if (!this.gateway) return
    try {
      if (first) {
        await this.gateway.proposeSafeMessage(this.registry.chainId, stored.safe, {
          message: stored.message as string,
          signature,
          origin: stored.origin,
        })
      } else {
        await this.gateway.confirmSafeMessage(this.registry.chainId, stored.messageHash, { signature })
      }
      stored.gatewayError = null
    } catch (error) {
      stored.gatewayError = error instanceof Error ? error.message : String(error)
    }
  }

  #find(messageHash: string): StoredMessage {
    const stored = this.#messages.get(messageHash.toLowerCase())
    if (!stored) throw new SandboxHostError('NOT_FOUND', `No message with hash ${messageHash}`)
    return stored
  }

  #view(stored: StoredMessage, info: HostSafeInfo): MessageView {
    const confirmed = stored.confirmations.length >= info.threshold
    return {
      messageHash: stored.messageHash,
      safe: stored.safe,
      message: stored.message,
      status: stored.rejected ? 'REJECTED' : confirmed ? 'CONFIRMED' : 'NEEDS_CONFIRMATION',
      confirmationsSubmitted: stored.confirmations.length,
      confirmationsRequired: info.threshold,
      confirmations: [...stored.confirmations],
      pendingSigners: this.registry
        .signers(info)
        .filter((owner) => !stored.confirmations.some((c) => c.owner.toLowerCase() === owner.toLowerCase())),
      preparedSignature: confirmed && !stored.rejected ? concatOwnerSignatures(stored.confirmations) : null,
      gatewayError: stored.gatewayError,
    }
  }
}

/** A text is EIP-191 hashed as UTF-8 (as Safe{Wallet} does), typed data EIP-712 hashed. */
export function contentHashOf(message: HostMessageContent): Hex {
  return typeof message === 'string' ? hashMessage(message) : hashTypedData(message)
}
