import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  type PublicClient,
} from 'viem'
import type { Translate } from '../i18n/translate.ts'
import { errorText } from '../lib/error-text.ts'

/**
 * Whether an account owns a Safe, as the Safe's chain says now; `unknown` when the chain cannot be read
 * (`error`: the client's failure; none when the Safe's chain is not configured).
 */
export type SafeOwnership = { kind: 'owner' } | { kind: 'not-owner' } | { kind: 'unknown'; error?: unknown }

// OwnerManager.isOwner: present in every Safe version; one eth_call, no gateway in between.
const isOwnerAbi = [
  {
    type: 'function',
    name: 'isOwner',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ type: 'bool' }],
  },
] as const

/**
 * Asks the Safe on its own chain whether `account` is one of its owners. A contract that is no Safe
 * (the call reverts) or no contract at all (empty answer) is `not-owner`; a node that cannot be reached
 * is `unknown` — never taken for a "no".
 *
 * @example const ownership = await readSafeOwnership(client, { safe, account: address })
 */
export async function readSafeOwnership(
  client: Pick<PublicClient, 'readContract'> | undefined,
  parameters: { safe: Address; account: Address },
): Promise<SafeOwnership> {
  if (!client) return { kind: 'unknown' }
  try {
    const owner = await client.readContract({
      address: parameters.safe,
      abi: isOwnerAbi,
      functionName: 'isOwner',
      args: [parameters.account],
    })
    return owner ? { kind: 'owner' } : { kind: 'not-owner' }
  } catch (error) {
    const answered =
      error instanceof BaseError &&
      error.walk(
        (cause) =>
          cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError,
      )
    if (answered) return { kind: 'not-owner' }
    return { kind: 'unknown', error }
  }
}

/** Why a Safe's session ended although the wallet's new account may own it: the page words it. */
export type SafeSessionNotice = { safe: Address; account: Address; error?: unknown }

/** What becomes of a Safe's session when the wallet shows another account. */
export type SafeSessionVerdict = { keep: true } | { keep: false; notice?: SafeSessionNotice }

/**
 * A Safe's session stays with another account only when the Safe's chain confirms that account as an
 * owner; it fails closed: when ownership cannot be confirmed (chain unreachable), the session ends too,
 * and `notice` tells the user why. A plain "not an owner" ends it silently, like any account switch.
 *
 * @example if (!safeSessionVerdict(ownership, { safe, account }).keep) await signOut()
 */
export function safeSessionVerdict(
  ownership: SafeOwnership,
  parameters: { safe: Address; account: Address },
): SafeSessionVerdict {
  if (ownership.kind === 'owner') return { keep: true }
  if (ownership.kind === 'not-owner') return { keep: false }
  return {
    keep: false,
    notice: { ...parameters, ...(ownership.error === undefined ? {} : { error: ownership.error }) },
  }
}

/** The values of `auth.status.safeSessionEnded` (its `<address>` tags are the caller's). */
export function safeSessionNoticeValues(t: Translate, notice: SafeSessionNotice) {
  return {
    safe: notice.safe,
    account: notice.account,
    // The sentence ends after the reason: viem's short message brings its own full stop.
    reason:
      notice.error === undefined
        ? t('auth.status.safeChainNotConfigured')
        : errorText(t, notice.error).replace(/\.$/, ''),
  }
}
