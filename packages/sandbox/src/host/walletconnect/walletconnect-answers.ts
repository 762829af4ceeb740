/**
 * The errors Safe{Wallet} (and its mobile app) answer over WalletConnect, as dApps receive them.
 * `userRejected`: the signing dialog closed (Safe{Wallet}'s provider). `methodDisabled`: the Safe
 * mobile app, which does not sign messages. 5100 / 5101: WalletConnect's own codes for a chain or
 * method outside the session.
 */
export const walletConnectAnswers = {
  userRejected: { code: 4001, message: 'User rejected signature' },
  methodDisabled: { code: -32075, message: 'Method disabled' },
  unsupportedChain: (chainId: string) => ({ code: 5100, message: `Unsupported chains. ${chainId}` }),
  unsupportedMethod: (method: string) => ({ code: 5101, message: `Unsupported methods. ${method}` }),
} as const
