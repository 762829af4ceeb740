import {
  concatOwnerSignatures,
  type OwnerSignature,
  safeMessageHash,
  signSafeMessage,
} from '@signet/devchain/safe-signatures'
import {
  type Address,
  getAddress,
  type Hex,
  hashMessage,
  hashTypedData,
  isAddressEqual,
  type TypedDataDefinition,
} from 'viem'
import { SandboxHostError } from './host-errors.ts'
import { type GatewayClient, gatewayFailure, isGatewayNotFound } from './host-gateway.ts'
import type { HostSafeInfo, SafeRegistry } from './safe-registry.ts'

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
  /** Known to the gateway: proposed there (by the first signature) or found there already. */
  onGateway: boolean
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
}

/**
 * Off-chain messages, as Safe{Wallet} handles them: each owner signs the SafeMessage; the first
 * signature proposes the message to the gateway and later ones are added to it, so the app can follow
 * the confirmations there (a message the gateway already has starts from its confirmations). A
 * signature the gateway refuses is not kept: the page shows why. Once the threshold is met the
 * signatures, sorted by owner, are the Safe's.
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
    const onGateway = await this.#gatewayConfirmations(messageHash)
    const stored: StoredMessage = {
      safe: info.safeAddress,
      message: params.message,
      messageHash,
      contentHash,
      confirmations: onGateway ?? [],
      rejected: false,
      origin: params.origin ?? null,
      onGateway: onGateway !== undefined,
    }
    this.#messages.set(messageHash.toLowerCase(), stored)
    return this.#view(stored, info)
  }

  async get(messageHash: string): Promise<MessageView> {
    const stored = this.#find(messageHash)
    return this.#view(stored, await this.registry.info(stored.safe))
  }

  /** The messages of `safe` the host holds, newest first. */
  async list(safe: string): Promise<MessageView[]> {
    const info = await this.registry.info(safe)
    return [...this.#messages.values()]
      .filter((stored) => isAddressEqual(stored.safe, info.safeAddress))
      .reverse()
      .map((stored) => this.#view(stored, info))
  }

  /** `owner` signs the message (the host holds its key) and the signature goes to the gateway. */
  async confirm(messageHash: string, owner: string): Promise<MessageView> {
    const stored = this.#find(messageHash)
    if (stored.rejected) throw new SandboxHostError('NOT_PENDING', 'The message was rejected')
    const info = await this.registry.info(stored.safe)
    const { owner: signer, key } = this.registry.ownerKey(info, owner)
    if (stored.confirmations.some((c) => isAddressEqual(c.owner, signer))) {
      throw new SandboxHostError('ALREADY_CONFIRMED', `${signer} has already signed this message`)
    }
    const confirmation = await signSafeMessage(key, {
      safe: info.safeAddress,
      chainId: info.chainId,
      version: info.version,
      message: stored.contentHash,
    })
    await this.#publish(stored, confirmation.signature)
    stored.confirmations.push(confirmation)
    return this.#view(stored, info)
  }

  reject(messageHash: string): void {
    this.#find(messageHash).rejected = true
  }

  async #publish(stored: StoredMessage, signature: Hex): Promise<void> {
    if (!this.gateway) return
    const chainId = this.registry.chainId
    try {
      if (stored.onGateway) {
        await this.gateway.confirmSafeMessage(chainId, stored.messageHash, { signature })
      } else {
        await this.gateway.proposeSafeMessage(chainId, stored.safe, {
          // Typed data goes as it is (the gateway's TypedData); the cast only names the union's text side.
          message: stored.message as string,
          signature,
          origin: stored.origin,
        })
        stored.onGateway = true
      }
    } catch (error) {
      throw gatewayFailure(`did not take the ${stored.onGateway ? 'signature' : 'message'}`, error)
    }
  }

  /** The owners' signatures the gateway already holds for this message, or undefined when it has none. */
  async #gatewayConfirmations(messageHash: Hex): Promise<OwnerSignature[] | undefined> {
    if (!this.gateway) return undefined
    try {
      const message = await this.gateway.getSafeMessage(this.registry.chainId, messageHash)
      return message.confirmations.map((c) => ({
        owner: getAddress(c.owner.value),
        signature: c.signature as Hex,
      }))
    } catch (error) {
      if (isGatewayNotFound(error)) return undefined
      throw gatewayFailure(`could not be asked about message ${messageHash}`, error)
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
    }
  }
}

/** A text is EIP-191 hashed as UTF-8 (as Safe{Wallet} does), typed data EIP-712 hashed. */
export function contentHashOf(message: HostMessageContent): Hex {
  return typeof message === 'string' ? hashMessage(message) : hashTypedData(message)
}
