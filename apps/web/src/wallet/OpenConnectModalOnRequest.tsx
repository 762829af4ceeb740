import { ConnectButton, useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect, useState } from 'react'
import { useAccount } from 'wagmi'

/**
 * Opens the connect dialog for a click on the early button, once RainbowKit can keep it open: not
 * while the sign-in status is loading (RainbowKit closes its dialogs when it turns unauthenticated).
 */
export function OpenConnectModalOnRequest({ requested, onDone }: { requested: boolean; onDone: () => void }) {
  if (!requested) return null
  return (
    <ConnectButton.Custom>
      {({ authenticationStatus, mounted }) => (
        <OpenConnectModalWhenReady ready={mounted && authenticationStatus !== 'loading'} onDone={onDone} />
      )}
    </ConnectButton.Custom>
  )
}

function OpenConnectModalWhenReady({ ready, onDone }: { ready: boolean; onDone: () => void }) {
  const { openConnectModal } = useConnectModal()
  const { isConnected } = useAccount()
  // One commit after the status settles: RainbowKit's own effect for that change runs after this
  // component's, and would close a dialog opened in the same commit.
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (ready) setSettled(true)
  }, [ready])
  useEffect(() => {
    if (!settled) return
    if (openConnectModal) {
      openConnectModal()
      onDone()
    } else if (isConnected) {
      // A restored connection came first: RainbowKit's button shows the account instead.
      onDone()
    }
  }, [settled, openConnectModal, isConnected, onDone])
  return null
}
