import { type Hex, isHex } from 'viem'
import { errorChain } from './wallet-error-chain.ts'

/**
 * What the connected Safe's wallet answered to the sign-in request, and what Signet does with it.
 * Only a signature is worth verifying; everything else leaves the sign-in to the gateway and the chain,
 * except what says the wallet cannot sign at all (then the user is told what can).
 */
export type SafeWalletAnswer =
  | { kind: 'signature'; signature: Hex }
  /** Keep watching: the answer means nothing about the message's fate. */
  | { kind: 'keep-watching'; reason: 'no-signature' | 'dialog-closed' | 'expired' | 'failed'; text: string }
  /** This wallet app does not sign messages for a Safe (the Safe mobile apps). */
  | { kind: 'cannot-sign'; text: string }
  /** WalletConnect 5100: the wallet holds the Safe on another chain than the one asked for. */
  | { kind: 'wrong-chain'; text: string }

export const safeWalletTexts = {
  cannotSign:
    'This wallet app cannot sign messages for a Safe (it answered “Method disabled”). Sign in with Safe{Wallet} on the web (app.safe.global, through WalletConnect), or sign in as the Safe from an owner’s own wallet: connect the owner’s wallet and choose “Sign in as this Safe”.',
  wrongChain: (chainName: string, chainId: number) =>
    `The wallet does not hold this Safe on ${chainName}: switch the wallet (Safe{Wallet}) to ${chainName} (chain ${chainId}) and sign in again.`,
  noSignature:
    'The Safe’s wallet answered without a signature: the owners are signing the message, or the Safe signs it on chain. Signet signs you in as soon as it is signed.',
  dialogClosed:
    'The signing dialog was closed in the Safe’s wallet. The confirmations already given are kept: Signet signs you in as soon as enough owners have confirmed.',
  expired:
    'The wallet’s request expired. The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.',
  failed: (reason: string) =>
    `The Safe’s wallet did not sign (${reason}). The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.`,
  notDeployed: (chainName: string) =>
    `This Safe is not deployed on ${chainName} yet: deploy it first (its first transaction in Safe{Wallet} does), or sign in with an owner’s own wallet.`,
}

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
    return { kind: 'keep-watching', reason: 'no-signature', text: safeWalletTexts.noSignature }
  }
  const { codes, messages } = codesAndTexts(answer.error)
  const said = messages.join(' · ')
  if (codes.includes(-32075) || codes.includes(5101) || /method disabled|unsupported method/i.test(said))
    return { kind: 'cannot-sign', text: safeWalletTexts.cannotSign }
  if (codes.includes(5100) || /unsupported chain/i.test(said))
    return { kind: 'wrong-chain', text: safeWalletTexts.wrongChain(chain.chainName, chain.chainId) }
  if (codes.includes(4001) || /user rejected/i.test(said))
    return { kind: 'keep-watching', reason: 'dialog-closed', text: safeWalletTexts.dialogClosed }
  if (/expired/i.test(said))
    return { kind: 'keep-watching', reason: 'expired', text: safeWalletTexts.expired }
  return {
    kind: 'keep-watching',
    reason: 'failed',
    text: safeWalletTexts.failed(messages[0] ?? 'no reason given'),
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
