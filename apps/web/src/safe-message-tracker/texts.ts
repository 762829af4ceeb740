/**
 * Every text a Safe sign-in shows the user (inside Safe{Wallet}, from an owner's wallet, as a connected
 * Safe) apart from the components' own labels: errors by code, and what the Safe's wallet answered.
 */
export const safeSignInTexts = {
  // What the connected Safe's wallet answered.
  cannotSign:
    'This wallet app cannot sign messages for a Safe (it answered “Method disabled”). Sign in with Safe{Wallet} on the web (app.safe.global, through WalletConnect), or sign in as the Safe from an owner’s own wallet: connect the owner’s wallet and choose “Sign in as this Safe”.',
  wrongChain: (chainName: string, chainId: number) =>
    `The wallet does not hold this Safe on ${chainName}: switch the wallet (Safe{Wallet}) to ${chainName} (chain ${chainId}) and sign in again.`,
  noSignature:
    'The Safe’s wallet answered without a signature: the owners are signing the message, or the Safe signs it on chain. Signet signs you in as soon as it is signed.',
  dialogClosed:
    'The signing dialog was closed in the Safe’s wallet. The confirmations already given are kept: Signet signs you in as soon as enough owners have confirmed.',
  walletRequestExpired:
    'The wallet’s request expired. The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.',
  walletFailed: (reason: string) =>
    `The Safe’s wallet did not sign (${reason}). The sign-in goes on: Signet signs you in as soon as enough owners have confirmed.`,
  notDeployed: (chainName: string) =>
    `This Safe is not deployed on ${chainName} yet: deploy it first (its first transaction in Safe{Wallet} does), or sign in with an owner’s own wallet.`,

  // The sign-in as a whole; `owner` and `connected` are the two remembered kinds (their texts differ today).
  signInExpired: {
    owner: 'This sign-in request expired before all owners confirmed it. Start again to sign a new message.',
    connected: 'This sign-in request has expired. Start again to sign a new message as the Safe.',
  },
  signatureRefused: {
    owner: (reason: string) => `The sign-in server did not accept the Safe's signature: ${reason}`,
    connected: (reason: string) => `The sign-in server did not accept the Safe’s signature: ${reason}`,
  },
  couldNotStart: (reason: string) => `The sign-in as the Safe could not start: ${reason}`,
  serviceUnavailable: (reason: string) => `The sign-in service is not available right now: ${reason}`,
  notAnOwner: (account: string) => `The connected account ${account} is not an owner of this Safe.`,
  ownersChanged: (change: string) =>
    `The Safe's owners or threshold changed while waiting for confirmations (${change}). Start the sign-in again.`,
  walletRejected: 'The signature was rejected in the wallet.',
  walletCouldNotSign: (reason: string) => `The wallet could not sign: ${reason}`,

  // The Safe Client Gateway.
  gatewayUnreachable: 'The Safe Client Gateway cannot be reached. Check the connection and try again.',
  gatewayRejected: (reason: string) => `The Safe Client Gateway rejected the signature: ${reason}`,
  gatewayFailed: (reason: string) => `The Safe Client Gateway failed: ${reason}`,
  unknownVersion: (safe: string) => `The Safe Client Gateway does not know the version of Safe ${safe}.`,
  messageNotFound: (messageHash: string) => `The Safe Client Gateway has no message ${messageHash}.`,
  typedDataMessage: 'This message is typed data, not a sign-in text: review and confirm it in Safe{Wallet}.',
  messageMismatch:
    'The message the gateway returned does not match the link (its SafeMessage hash differs): do not confirm it.',

  // Inside Safe{Wallet} (the Safe App).
  /** The Safe provider's own text for a signing request that names another account. */
  addressMismatch: 'The address or message hash is invalid',
  signingTimeout: (timeoutMs: number) => {
    const minutes = Math.round(timeoutMs / 60_000)
    return `The Safe did not sign within ${minutes >= 1 ? `${minutes} min` : `${Math.round(timeoutMs / 1000)} s`}.`
  },
  transactionFailed: 'The Safe transaction failed.',
  transactionCancelled: 'The Safe transaction was cancelled.',
}

/** The two kinds of remembered sign-in, which still word some texts differently. */
export type SignInKind = keyof typeof safeSignInTexts.signInExpired
