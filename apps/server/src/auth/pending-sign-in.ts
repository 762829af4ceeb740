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

export type HeldNonce = { nonce: string; expiresAt: number }

/**
 * Keeps the nonce of a sign-in that waits for a Safe's co-owners alive as long as its message allows:
 * until the message's `expirationTime`, at most `pendingNonceTtlMs` from now, instead of the usual
 * minutes. The message must pass the same rules as at sign-in (SPEC §2.1) and its nonce must be live.
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
  if (!(await holdNonce(context.db, msg.nonce, now, expiresAt))) throw invalidNonceError()
  return { nonce: msg.nonce, expiresAt }
}
