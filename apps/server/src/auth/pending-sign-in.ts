import type { StoreDatabase } from '../store/database.ts'
import { holdNonce } from '../store/pending-nonce.ts'
import { invalidNonceError, messageExpiry, readSignInMessage } from './sign-in.ts'

export type PendingSignInContext = {
  db: StoreDatabase
  domain: string
  origin: string
  chainIds: readonly number[]
  /** Longest life of a nonce held for a pending sign-in (`SIGNET_PENDING_SIGN_IN_TTL`). */
  pendingNonceTtlMs: number
  now?: () => number
}

export type HeldNonce = {
  nonce: string
  expiresAt: number
  /** CAIP-10 account the message is for. */
  account: string
  /** False when the nonce was already held for this account (the app resumed the sign-in). */
  firstHold: boolean
}

/**
 * Keeps the nonce of a sign-in that waits for a Safe's co-owners alive as long as its message allows:
 * until the message's `expirationTime`, at most `pendingNonceTtlMs` from now, instead of the usual
 * minutes. The message must pass the same rules as at sign-in (docs/PRODUCT.md, "Sign-in rules") and its nonce must be live.
 * Calling it again (e.g. when the app resumes the sign-in) moves the expiry again, within the same caps.
 *
 * @throws {SignetError} `invalid_message` (400), a rule's code or `invalid_nonce` (401).
 * @example const { expiresAt } = await holdPendingSignInNonce({ message }, context)
 */
export async function holdPendingSignInNonce(
  request: { message: string },
  context: PendingSignInContext,
): Promise<HeldNonce> {
  const now = context.now?.() ?? Date.now()
  const msg = readSignInMessage(request.message, context, now)
  const expiresAt = Math.min(messageExpiry(msg), now + context.pendingNonceTtlMs)
  // The parser accepts only EIP-55 addresses: the message's is already in the CAIP-10 form.
  const account = `eip155:${msg.chainId}:${msg.address}`
  const held = await holdNonce(context.db, msg.nonce, now, expiresAt, account)
  if (!held) throw invalidNonceError()
  return { nonce: msg.nonce, expiresAt, account, firstHold: held.firstHold }
}
