import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { useTranslations } from 'use-intl'
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
  transactionProblemText,
  transactionTypes,
  typeLabel,
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
 * (docs/PRODUCT.md, "Transactions Signet builds"); an invalid field is marked, described by the error, and focused.
 */
export function SendTestTransaction({ address, chainId, currencySymbol }: SendTestTransactionProps) {
  const t = useTranslations()
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
    setStatus(transactionProblemText(t, found.reason))
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
    setStatus(t('account.testTransaction.confirmInWallet'))
    try {
      const hash = await sendTransactionAsync(request as Parameters<typeof sendTransactionAsync>[0])
      addRecentTransaction({
        hash,
        description: describeTestTransaction(t, request, address, currencySymbol),
      })
      setStatus(t('account.testTransaction.sent', { hash: hash.slice(0, 10) }))
    } catch (error) {
      setStatus(describeWalletError(error, {}, t))
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
    // Addresses, amounts and JSON read left to right in every language.
    <input {...props} type="text" dir="ltr" inputMode={inputMode} autoComplete="off" spellCheck={false} />
  )

  return (
    <form className="test-transaction" aria-labelledby={`${id}-title`} onSubmit={send} noValidate>
      <h3 id={`${id}-title`}>{t('account.testTransaction.title')}</h3>
      <div className="test-transaction__fields test-transaction__fields--main">
        {field('to', t('account.testTransaction.recipient'), text())}
        {field('value', t('account.testTransaction.amount', { currencySymbol }), text('decimal'))}
      </div>
      <details className="test-transaction__options" ref={options}>
        <summary>{t('account.testTransaction.options')}</summary>
        <div className="test-transaction__fields">
          {field('type', t('account.testTransaction.type'), (props) => (
            <select {...props}>
              {transactionTypes.map((type) => (
                <option key={type} value={type satisfies TransactionType}>
                  {typeLabel(t, type)}
                </option>
              ))}
            </select>
          ))}
          {field('chainId', t('account.testTransaction.chainId'), text('numeric'))}
          {field(
            'gasPrice',
            t('account.testTransaction.gasPrice'),
            text('decimal'),
            t('account.testTransaction.gasPriceHint'),
          )}
          {field(
            'maxFeePerGas',
            t('account.testTransaction.maxFee'),
            text('decimal'),
            t('account.testTransaction.maxFeeHint'),
          )}
          {field(
            'maxPriorityFeePerGas',
            t('account.testTransaction.maxPriorityFee'),
            text('decimal'),
            t('account.testTransaction.maxPriorityFeeHint'),
          )}
        </div>
        {field(
          'accessList',
          t('account.testTransaction.accessList'),
          (props) => (
            <textarea {...props} dir="ltr" rows={2} spellCheck={false} />
          ),
          t('account.testTransaction.accessListHint'),
        )}
      </details>
      <div className="account__action">
        <button type="submit" disabled={isPending}>
          {t('account.testTransaction.send')}
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
