import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import type { Address } from 'viem'
import { useSendTransaction } from 'wagmi'
import { describeWalletError } from '../wallet/wallet-error-text.ts'
import {
  buildTransactionRequest,
  checkWalletChain,
  defaultTransactionFields,
  describeTestTransaction,
  type TransactionField,
  type TransactionFields,
  type TransactionProblem,
  type TransactionType,
  transactionTypes,
} from './transaction-request.ts'
import './send-test-transaction.css'

export type SendTestTransactionProps = {
  /** The connected account: the default recipient ("0 to yourself"). */
  address: Address
  /** The wallet's chain: the default chain id, and the only one a transaction may be for. */
  chainId: number
  currencySymbol: string
}

/**
 * Demo form: sends a transaction (by default 0 of the native currency to the connected address,
 * EIP-1559, fees left to the wallet) and records it in RainbowKit's recent transactions, so the
 * profile view has something to show. The request is checked with viem before the wallet is asked
 * (SPEC §5); an invalid field is marked, described by the error, and focused.
 */
export function SendTestTransaction({ address, chainId, currencySymbol }: SendTestTransactionProps) {
  const addRecentTransaction = useAddRecentTransaction()
  const { sendTransactionAsync, isPending } = useSendTransaction()
  // Only what the user changed: untouched fields follow the wallet's account and chain.
  const [edited, setEdited] = useState<Partial<TransactionFields>>({})
  const [problem, setProblem] = useState<TransactionProblem>()
  const [status, setStatus] = useState('')
  const options = useRef<HTMLDetailsElement>(null)
  const controls = useRef<Partial<Record<TransactionField, HTMLElement | null>>>({})
  const id = useId()
  const statusId = `${id}-status`
  const fields: TransactionFields = { ...defaultTransactionFields(address, chainId), ...edited }

  const showProblem = (found: TransactionProblem) => {
    setProblem(found)
    setStatus(found.message)
    const control = controls.current[found.field]
    const details = options.current
    // A field among the closed options: open them, so it can take focus.
    if (control && details?.contains(control)) details.open = true
    control?.focus()
  }

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (isPending) return
    // Checked before the wallet is asked: an invalid request never reaches it.
    const result = buildTransactionRequest(fields, { currencySymbol })
    if (!result.ok) return showProblem(result.problem)
    const { request } = result
    const wrongChain = checkWalletChain(request, chainId)
    if (wrongChain) return showProblem(wrongChain)
    setProblem(undefined)
    setStatus('Confirm the transaction in your wallet…')
    try {
      const hash = await sendTransactionAsync(request as Parameters<typeof sendTransactionAsync>[0])
      addRecentTransaction({ hash, description: describeTestTransaction(request, address, currencySymbol) })
      setStatus(`Sent test transaction ${hash.slice(0, 10)}…`)
    } catch (error) {
      setStatus(describeWalletError(error))
    }
  }

  const field = (
    name: TransactionField,
    label: string,
    control: (props: ControlProps) => ReactNode,
    hint?: string,
  ) => {
    const controlId = `${id}-${name}`
    const hintId = hint ? `${controlId}-hint` : undefined
    const invalid = problem?.field === name
    const describedBy = [hintId, invalid ? statusId : undefined].filter(Boolean).join(' ')
    return (
      <div className="test-transaction__field">
        <label htmlFor={controlId}>{label}</label>
        {control({
          id: controlId,
          name,
          value: fields[name],
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy || undefined,
          ref: (element: HTMLElement | null) => {
            controls.current[name] = element
          },
          onChange: (event: { currentTarget: { value: string } }) => {
            const value = event.currentTarget.value
            setEdited((current) => ({ ...current, [name]: value }))
            if (invalid) setProblem(undefined)
          },
        })}
        {hint && (
          <small id={hintId} className="test-transaction__hint">
            {hint}
          </small>
        )}
      </div>
    )
  }
  const text = (inputMode?: 'decimal' | 'numeric') => (props: ControlProps) => (
    <input {...props} type="text" inputMode={inputMode} autoComplete="off" spellCheck={false} />
  )

  return (
    <form className="test-transaction" aria-labelledby={`${id}-title`} onSubmit={send} noValidate>
      <h3 id={`${id}-title`}>Send a test transaction</h3>
      <div className="test-transaction__fields test-transaction__fields--main">
        {field('to', 'Recipient', text())}
        {field('value', `Amount (${currencySymbol})`, text('decimal'))}
      </div>
      <details className="test-transaction__options" ref={options}>
        <summary>Type, fees, access list and chain</summary>
        <div className="test-transaction__fields">
          {field('type', 'Transaction type', (props) => (
            <select {...props}>
              {transactionTypes.map(({ type, label }) => (
                <option key={type} value={type satisfies TransactionType}>
                  {label}
                </option>
              ))}
            </select>
          ))}
          {field('chainId', 'Chain id', text('numeric'))}
          {field(
            'gasPrice',
            'Gas price (gwei)',
            text('decimal'),
            'Legacy and EIP-2930. Empty: your wallet decides.',
          )}
          {field('maxFeePerGas', 'Max fee (gwei)', text('decimal'), 'EIP-1559. Empty: your wallet decides.')}
          {field(
            'maxPriorityFeePerGas',
            'Max priority fee (gwei)',
            text('decimal'),
            'EIP-1559. Empty: your wallet decides.',
          )}
        </div>
        {field(
          'accessList',
          'Access list (JSON)',
          (props) => (
            <textarea {...props} rows={2} spellCheck={false} />
          ),
          'EIP-2930 and EIP-1559, e.g. [{ "address": "0x…", "storageKeys": ["0x…"] }]',
        )}
      </details>
      <div className="account__action">
        <button type="submit" disabled={isPending}>
          Send test transaction
        </button>
        <output id={statusId} aria-live="polite" data-testid="test-transaction-status">
          {status}
        </output>
      </div>
    </form>
  )
}

type ControlProps = {
  id: string
  name: string
  value: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  ref: (element: HTMLElement | null) => void
  onChange: (event: { currentTarget: { value: string } }) => void
}
