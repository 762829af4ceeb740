import type { ReactNode } from 'react'
import { useTranslations } from 'use-intl'
import { type Address, isAddressEqual } from 'viem'

export type ConfirmationsViewProps = {
  submitted: number
  required: number
  owners: readonly Address[]
  confirmedBy: readonly Address[]
  /** The connected account, marked "(you)". */
  account?: Address
  testId: string
}

/** "1 of 2 owners confirmed", who has and who has not yet. */
export function ConfirmationsView({
  submitted,
  required,
  owners,
  confirmedBy,
  account,
  testId,
}: ConfirmationsViewProps) {
  const t = useTranslations()
  const ltr = (text: ReactNode) => <bdi dir="ltr">{text}</bdi>
  const you = (owner: Address) =>
    account && isAddressEqual(owner, account)
      ? t.rich('safeTracker.progress.ownerYou', { address: owner, ltr })
      : ltr(owner)
  const waiting = owners.filter((owner) => !confirmedBy.some((confirmed) => isAddressEqual(confirmed, owner)))
  return (
    <div className="safe-sign-in__confirmations">
      <p>
        <strong data-testid={testId}>
          {t('safeTracker.progress.confirmedCount', { submitted, required })}
        </strong>
      </p>
      {confirmedBy.length > 0 && (
        <OwnerList
          title={t('safeTracker.progress.confirmedBy')}
          owners={confirmedBy}
          you={you}
          testId={`${testId}-by`}
        />
      )}
      {submitted < required && waiting.length > 0 && (
        <OwnerList title={t('safeTracker.progress.notConfirmedYet')} owners={waiting} you={you} />
      )}
    </div>
  )
}

function OwnerList(props: {
  title: string
  owners: readonly Address[]
  you: (owner: Address) => ReactNode
  testId?: string
}) {
  return (
    <>
      <p>{props.title}</p>
      <ul className="safe-sign-in__owners" {...(props.testId ? { 'data-testid': props.testId } : {})}>
        {props.owners.map((owner) => (
          <li key={owner}>{props.you(owner)}</li>
        ))}
      </ul>
    </>
  )
}
