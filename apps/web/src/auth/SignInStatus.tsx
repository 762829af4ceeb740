import { useConnectModal } from '@rainbow-me/rainbowkit'
import { SafePagesRoute } from '../app/SafePagesRoute.tsx'
import { parseSafeRoute, safeRouteHref, useLocationHash } from '../app/safe-route.ts'
import type { SignInSession } from './auth-api.ts'
import { useSignIn } from './SignInProvider.tsx'

const accountTypeText: Record<SignInSession['accountType'], string> = {
  eoa: 'Key-held account (EOA)',
  contract: 'Smart-contract account',
  counterfactual: 'Smart-contract account, not deployed yet',
}

/** The sign-in part of the account area; for a signed-in smart account, its Safe pages too. */
export function SignInStatus({ gatewayUrl }: { gatewayUrl: string }) {
  const { status, session, owner, endedBecause, signOut } = useSignIn()
  const { openConnectModal } = useConnectModal()
  const route = parseSafeRoute(useLocationHash())
  return (
    <section className="sign-in" aria-labelledby="sign-in-title">
      <h3 id="sign-in-title">Sign-in</h3>
      {status === 'loading' && <p data-testid="sign-in-status">Checking your sign-in…</p>}
      {status === 'unauthenticated' && (
        <>
          <p data-testid="sign-in-status">
            Not signed in. Sign a message to prove that you control this account.
          </p>
          {endedBecause && (
            <p className="notice" role="status" data-testid="sign-in-ended">
              {endedBecause}
            </p>
          )}
          <button type="button" className="primary" onClick={openConnectModal} disabled={!openConnectModal}>
            Sign in
          </button>
        </>
      )}
      {status === 'authenticated' && session && (
        <>
          <p data-testid="sign-in-status">Signed in.</p>
          <dl className="account__details">
            <dt>Signed in as</dt>
            <dd data-testid="signed-in-address">{session.address}</dd>
            <dt>Account type</dt>
            <dd data-testid="signed-in-account-type">{accountTypeText[session.accountType]}</dd>
            {owner && (
              <>
                <dt>Through its owner</dt>
                <dd data-testid="signed-in-owner">{owner}</dd>
              </>
            )}
            <dt>Session ends</dt>
            <dd>
              <time dateTime={session.expiresAt}>{new Date(session.expiresAt).toLocaleString()}</time>
            </dd>
          </dl>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
          {session.accountType !== 'eoa' && (
            <>
              <p>
                <a href={safeRouteHref({ chainId: session.chainId, address: session.address })}>
                  Open this Safe’s pages
                </a>
              </p>
              {/* Not twice: the page itself shows this Safe already. */}
              {route?.address !== session.address && (
                <SafePagesRoute
                  route={{ chainId: session.chainId, address: session.address }}
                  gatewayUrl={gatewayUrl}
                />
              )}
            </>
          )}
        </>
      )}
    </section>
  )
}
