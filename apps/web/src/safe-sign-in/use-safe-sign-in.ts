import { useCallback, useEffect, useMemo } from 'react'
import { type Address, getAddress } from 'viem'
import type { SafeSignInServices } from '../safe-message-tracker/safe-sign-in-services.ts'
import { SafeSignInTracker } from '../safe-message-tracker/safe-sign-in-tracker.ts'
import { type OwnerSignInExtra, signInStores } from '../safe-message-tracker/stored-sign-in.ts'
import { useSafeSignInState } from '../safe-message-tracker/use-safe-sign-in-state.ts'
import type { OwnerSigner } from './owner-signature.ts'
import { checkOwnersUnchanged, proposeAsOwner } from './safe-sign-in-flow.ts'

/**
 * The owner's side of signing in as a Safe, over the Safe-message tracker: start (the owner signs and
 * proposes the message), follow the confirmations, sign in when confirmed. A pending sign-in found in
 * storage is resumed.
 */
export function useSafeSignIn(services: SafeSignInServices) {
  const tracker = useMemo(
    () =>
      new SafeSignInTracker<OwnerSignInExtra>(services, signInStores.owner, {
        check: (pending) => checkOwnersUnchanged(services.gateway, pending),
      }),
    [services],
  )
  useEffect(() => {
    void tracker.resume()
    return () => tracker.stop()
  }, [tracker])
  const state = useSafeSignInState(tracker)

  const start = useCallback(
    (request: { chainId: number; safe: Address; owner: Address }, signer: OwnerSigner) =>
      tracker.start({ chainId: request.chainId, safe: getAddress(request.safe) }, (hold) =>
        proposeAsOwner(services, signer, request, hold),
      ),
    [tracker, services],
  )
  const cancel = useCallback(() => tracker.cancel(), [tracker])
  return { state, start, cancel }
}
