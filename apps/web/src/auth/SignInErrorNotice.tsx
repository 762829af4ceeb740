import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useSyncExternalStore } from 'react'
import { useTranslations } from 'use-intl'
import { walletNoticesStore } from '../wallet/wallet-notices.ts'
import { signInNoticeStore } from './sign-in-notice.ts'
import { verifyTroubleText } from './verify-failure.ts'

/**
 * What RainbowKit's "Verify your account" cannot say, shown above its dialog:
 * - it returns silently to "Sign message" when the wallet rejects the signature; the product
 *   says "Error signing message, please retry!" then too (docs/PRODUCT.md, "Signing in");
 * - it has one text for every failure while verifying; when the check could not be made (the chain's
 *   RPC, the network, the service) "Oops, something went wrong!" says so, with the reason,
 *   since the signature is not at fault.
 */
export function SignInErrorNotice() {
  const t = useTranslations()
  const { signRejected } = useSyncExternalStore(walletNoticesStore.subscribe, walletNoticesStore.get)
  const trouble = useSyncExternalStore(signInNoticeStore.subscribe, signInNoticeStore.get)
  const { openConnectModal, connectModalOpen } = useConnectModal()
  return (
    <>
      {signRejected && (
        <div className="toast" role="alert" data-testid="sign-error">
          <p>{t('wallet.notices.signRejected')}</p>
          <button type="button" onClick={() => walletNoticesStore.update({ signRejected: undefined })}>
            {t('auth.notice.dismiss')}
          </button>
        </div>
      )}
      {trouble && (
        <div className="toast" role="alert" data-testid="sign-in-trouble">
          <div>
            {/* RainbowKit's text for "anything else" (its `sign_in.signature.oops_error`). */}
            <p>{t('auth.notice.oops')}</p>
            <p data-testid="sign-in-trouble-reason">{verifyTroubleText(t, trouble.reason)}</p>
          </div>
          {openConnectModal && !connectModalOpen && (
            <button type="button" onClick={openConnectModal}>
              {t('auth.notice.tryAgain')}
            </button>
          )}
          <button type="button" onClick={() => signInNoticeStore.set(undefined)}>
            {t('auth.notice.dismiss')}
          </button>
        </div>
      )}
    </>
  )
}
