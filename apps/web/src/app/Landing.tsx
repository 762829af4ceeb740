/** What Signet does, for a visitor who has not connected yet. */
export function Landing({ appName }: { appName: string }) {
  return (
    <section className="landing" aria-labelledby="landing-title">
      <h1 id="landing-title">Prove it’s you with your Ethereum account</h1>
      <p className="landing__lead">
        {appName} lets you prove that you control an Ethereum account — a key-held account or a smart-contract
        account such as a Safe multisig — by connecting your wallet and signing a Sign-In with Ethereum
        (EIP-4361) message. No password, no new account.
      </p>
      <ol className="landing__steps">
        <li>
          <strong>Connect a wallet.</strong> A browser extension, a mobile wallet over WalletConnect, a
          hardware wallet through its companion app, or a Safe.
        </li>
        <li>
          <strong>Sign one message.</strong> Signing costs nothing and sends no transaction.
        </li>
        <li>
          <strong>You are signed in.</strong> The service learns your verified address, nothing else.
        </li>
      </ol>
      <p className="landing__hint">Use the “Connect Wallet” button at the top of the page to begin.</p>
    </section>
  )
}
