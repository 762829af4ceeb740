import { type Hex, isHex } from 'viem'
import type { Translate } from '../i18n/translate.ts'
import { errorChain } from './wallet-error-chain.ts'

/**
 * What the connected Safe's wallet answered to the sign-in request, and what Signet does with it.
 * Only a signature is worth verifying; everything else leaves the sign-in to the gateway and the chain,
 * except what says the wallet cannot sign at all (then the user is told what can).
 */
export type SafeWalletAnswer =
  | { kind: 'signature'; signature: Hex }
  /** Keep watching: the answer means nothing about the message's fate. */
  | { kind: 'keep-watching'; reason: 'no-signature' | 'dialog-closed' | 'expired' }
  /** Keep watching; the wallet failed, in its own words (`detail`, when it gave any). */
  | { kind: 'keep-watching'; reason: 'failed'; detail?: string }
  /** This wallet app does not sign messages for a Safe (the Safe mobile apps). */
  | { kind: 'cannot-sign' }
  /** WalletConnect 5100: the wallet holds the Safe on another chain than the one asked for. */
  | { kind: 'wrong-chain'; chainName: string; chainId: number }

/**
 * Reads a wallet's answer (a result, or the error it threw) to `personal_sign` for a Safe.
 *
 * @example classifySafeWalletAnswer({ error }, { chainName: 'Gnosis', chainId: 100 })
 */
export function classifySafeWalletAnswer(
  answer: { result: unknown } | { error: unknown },
  chain: { chainName: string; chainId: number },
): SafeWalletAnswer {
  if ('result' in answer) {
    const value = answer.result
    if (typeof value === 'string' && isHex(value) && !/^0x0*$/.test(value))
      return { kind: 'signature', signature: value }
    return { kind: 'keep-watching', reason: 'no-signature' }
  }
  const { codes, messages } = codesAndTexts(answer.error)
  const said = messages.join(' · ')
  if (codes.includes(-32075) || codes.includes(5101) || /method disabled|unsupported method/i.test(said))
    return { kind: 'cannot-sign' }
  if (codes.includes(5100) || /unsupported chain/i.test(said))
    return { kind: 'wrong-chain', chainName: chain.chainName, chainId: chain.chainId }
  if (codes.includes(4001) || /user rejected/i.test(said))
    return { kind: 'keep-watching', reason: 'dialog-closed' }
  if (/expired/i.test(said)) return { kind: 'keep-watching', reason: 'expired' }
  return { kind: 'keep-watching', reason: 'failed', ...(messages[0] ? { detail: messages[0] } : {}) }
}

/** What the Safe's wallet answered, in `t`'s language. */
export function walletAnswerText(
  t: Translate,
  answer: Exclude<SafeWalletAnswer, { kind: 'signature' }>,
): string {
  switch (answer.kind) {
    case 'cannot-sign':
      return t('safeTracker.walletAnswer.cannotSign')
    case 'wrong-chain':
      return t('safeTracker.walletAnswer.wrongChain', {
        chainName: answer.chainName,
        chainId: answer.chainId,
      })
    default:
      switch (answer.reason) {
        case 'no-signature':
          return t('safeTracker.walletAnswer.noSignature')
        case 'dialog-closed':
          return t('safeTracker.walletAnswer.dialogClosed')
        case 'expired':
          return t('safeTracker.walletAnswer.expired')
        default:
          return answer.detail === undefined
            ? t('safeTracker.walletAnswer.failedNoReason')
            : t('safeTracker.walletAnswer.failed', { reason: answer.detail })
      }
  }
}

/** Codes and texts along an error's `cause` chain (viem wraps a provider's `{code, message}`). */
function codesAndTexts(error: unknown): { codes: number[]; messages: string[] } {
  const codes: number[] = []
  const messages: string[] = []
  if (typeof error === 'string') messages.push(error)
  for (const link of errorChain(error)) {
    const { code, shortMessage, details, message } = link as Record<string, unknown>
    if (typeof code === 'number') codes.push(code)
    for (const text of [shortMessage, details, message])
      if (typeof text === 'string' && text) messages.push(text)
  }
  return { codes, messages }
}
