import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { useState } from 'react'
import type { Address } from 'viem'
import { useSendTransaction } from 'wagmi'
import { describeWalletError } from '../wallet/wallet-error-text.ts'

/**
 * Demo action: sends 0 of the native currency to the connected address itself and records it in
 * RainbowKit's recent transactions, so the profile view has something to show (and to clear).
 */
export function SendTestTransaction({ address }: { address: Address }) {
  const addRecentTransaction = useAddRecentTransaction()
  const { sendTransactionAsync, isPending } = useSendTransaction()
  const [status, setStatus] = useState<string>('')

  const send = async () => {
    setStatus('Confirm the transaction in your wallet…')
    try {
      const hash = await sendTransactionAsync({ to: address, value: 0n })
      addRecentTransaction({ hash, description: 'Test transaction (0 to yourself)' })
      setStatus(`Sent test transaction ${hash.slice(0, 10)}…`)
    } catch (error) {
      setStatus(describeWalletError(error))
    }
  }

  return (
    <div className="account__action">
      <button type="button" onClick={send} disabled={isPending}>
        Send test transaction
      </button>
      <output aria-live="polite" data-testid="test-transaction-status">
        {status}
      </output>
    </div>
  )
}
