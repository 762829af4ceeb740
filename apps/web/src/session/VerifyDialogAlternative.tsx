import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect, useLayoutEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAccount } from 'wagmi'
import './verify-dialog-alternative.css'
import { useSignIn } from './SignInProvider.tsx'

export type VerifyDialogAlternativeProps = {
  /** Why this user may not need to sign in as the connected account. */
  prompt: string
  /** The button's text. */
  action: string
  /** Runs once the dialog has closed, e.g. to move the focus to what the user came for. */
  onChosen(): void
}

// RainbowKit's dialog: its content box (inside the focus trap, clicks there do not close it).
const dialogContent = '[role="dialog"][aria-labelledby="rk_connect_title"] > [role="document"]'

/**
 * Another way out of RainbowKit's "Verify your account" dialog, which otherwise only signs in as the
 * connected account or disconnects it: shown under the dialog (inside its focus trap, so keyboard and
 * screen-reader users reach it too), it closes the dialog with the wallet still connected.
 *
 * @example <VerifyDialogAlternative prompt="Own a Safe?" action="Choose a Safe" onChosen={focusList} />
 */
export function VerifyDialogAlternative({ prompt, action, onChosen }: VerifyDialogAlternativeProps) {
  const { status, closeVerifyDialog } = useSignIn()
  const { connectModalOpen } = useConnectModal()
  const { isConnected } = useAccount()
  const [chosen, setChosen] = useState(false)
  const [host, setHost] = useState<Element | null>(null)
  // Connected, not signed in and the connect modal open: the modal shows "Verify your account".
  const verifying = status === 'unauthenticated' && isConnected && connectModalOpen && !chosen

  // The dialog's DOM is in place once RainbowKit has committed it: look before the browser paints.
  useLayoutEffect(() => {
    setHost(verifying ? document.querySelector(dialogContent) : null)
  }, [verifying])

  useEffect(() => {
    if (!chosen || connectModalOpen) return
    setChosen(false)
    onChosen()
  }, [chosen, connectModalOpen, onChosen])

  if (!verifying) return null
  const offer = (
    <div
      className={host ? 'verify-alternative' : 'verify-alternative verify-alternative--floating'}
      data-testid="verify-alternative"
    >
      <p>{prompt}</p>
      <button
        type="button"
        onClick={() => {
          setChosen(true)
          closeVerifyDialog()
        }}
      >
        {action}
      </button>
    </div>
  )
  return createPortal(offer, host ?? document.body)
}
