import type { Address } from 'viem'
import { InvalidSignatureError, type SignetError, SignInError } from '../errors.ts'
import { observeSignIn, type SignetMetrics } from '../operations/metrics.ts'
import { watchSafe } from '../safe-watch/watched-safes.ts'
import { parseDateTime } from '../siwe/date-time.ts'
import { parseSiweMessage, type SiweMessage } from '../siwe/parse.ts'
import { checkSiweRules } from '../siwe/rules.ts'
import type { StoreDatabase } from '../store/database.ts'
import { isNonceLive } from '../store/nonce-store.ts'
import { consumeNonceAndCreateSession, type Session } from '../store/session-store.ts'
import type { RpcClient } from '../verify/contract-signature.ts'
import { verifySignature } from '../verify/verify-signature.ts'

/** Clocks of wallets and servers drift; a message issued up to this far in our future is accepted. */
export const clockSkewMs = 60_000

export type SignInContext = {
  db: StoreDatabase
  domain: string
  origin: string
  chainIds: readonly number[]
  /** The chain's RPC client, or undefined when the chain is not configured. */
  clientFor: (chainId: number) => RpcClient | undefined
  sessionTtlMs: number
  now?: () => number
  /** Counts each sign-in's result and duration (none: metrics off). */
  metrics?: SignetMetrics
}

/**
 * Verifies a signed EIP-4361 message and, when it proves the address, consumes its nonce and opens a
 * session — in this order: parse → rules → nonce still live (cheap read, so an unknown nonce costs no
 * RPC) → signature (docs/PRODUCT.md, "Valid signatures") → nonce consumed atomically with the session insert. Consuming last means
 * a bad signature does not burn a legitimate user's nonce, and concurrent replays of one good message
 * yield exactly one session.
 *
 * @throws {SignetError} `invalid_message` (400), a rule's code or `invalid_nonce`/`invalid_signature`
 *   (401), `rpc_unavailable` (503).
 * @example const { token, session } = await signIn({ message, signature }, context)
 */
export function signIn(
  request: { message: string; signature: string },
  context: SignInContext,
): Promise<{ token: string; session: Session }> {
  return observeSignIn(context.metrics, () => verifyAndOpenSession(request, context))
}

async function verifyAndOpenSession(
  request: { message: string; signature: string },
  context: SignInContext,
): Promise<{ token: string; session: Session }> {
  const now = context.now?.() ?? Date.now()
  const msg = readSignInMessage(request.message, context, now)
  if (!(await isNonceLive(context.db, msg.nonce, now))) throw invalidNonceError()

  const result = await verifySignature({
    address: msg.address as Address,
    message: request.message,
    signature: request.signature,
    chainId: msg.chainId,
    client: context.clientFor(msg.chainId),
  })
  if (!result.valid) throw new InvalidSignatureError()

  const consumedAt = context.now?.() ?? Date.now()
  // A session never outlives the message that opened it.
  const ttlMs = Math.min(context.sessionTtlMs, messageExpiry(msg) - consumedAt)
  const created = await consumeNonceAndCreateSession(
    context.db,
    msg.nonce,
    { address: msg.address, chainId: msg.chainId, accountType: result.accountType },
    consumedAt,
    ttlMs,
  )
  if (!created) throw invalidNonceError()
  // A smart account's proof holds while its owners and threshold do: the Safe watcher follows it.
  if (created.session.accountType !== 'eoa')
    await watchSafe(
      context.db,
      { chainId: msg.chainId, address: msg.address, until: created.session.expiresAt },
      consumedAt,
    )
  return created
}

/**
 * Parses the text as EIP-4361 and checks it against the server's rules (docs/PRODUCT.md, "Sign-in rules"); the nonce is the
 * store's business.
 */
export function readSignInMessage(
  message: string,
  context: Pick<SignInContext, 'domain' | 'origin' | 'chainIds'>,
  now: number,
): SiweMessage {
  const msg = parseSiweMessage(message)
  checkSiweRules(msg, {
    domain: context.domain,
    origin: context.origin,
    chainIds: context.chainIds,
    now,
    clockSkewMs,
  })
  return msg
}

/** The message's `expirationTime` in ms (a message that passed the rules has a valid one), else +∞. */
export function messageExpiry(msg: SiweMessage): number {
  return (
    (msg.expirationTime === undefined ? undefined : parseDateTime(msg.expirationTime)) ??
    Number.POSITIVE_INFINITY
  )
}

export function invalidNonceError(): SignetError {
  return new SignInError(
    'invalid_nonce',
    'The nonce was not issued by this server, was already used, or expired.',
  )
}
