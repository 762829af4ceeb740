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
  const you = (owner: Address) => (account && isAddressEqual(owner, account) ? ' (you)' : '')
  const waiting = owners.filter((owner) => !confirmedBy.some((confirmed) => isAddressEqual(confirmed, owner)))
  return (
    <div className="safe-sign-in__confirmations">
      <p>
        <strong data-testid={testId}>
          {submitted} of {required} owners confirmed
        </strong>
      </p>
      {confirmedBy.length > 0 && (
        <>
          <p>Confirmed by</p>
          <ul className="safe-sign-in__owners" data-testid={`${testId}-by`}>
            {confirmedBy.map((owner) => (
              <li key={owner}>
                {owner}
                {you(owner)}
              </li>
            ))}
          </ul>
        </>
      )}
      {submitted < required && waiting.length > 0 && (
        <>
          <p>Not confirmed yet</p>
          <ul className="safe-sign-in__owners">
            {waiting.map((owner) => (
              <li key={owner}>
                {owner}
                {you(owner)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
