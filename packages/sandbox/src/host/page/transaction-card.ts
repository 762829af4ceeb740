/// <reference lib="dom" />
import { h } from './dom.ts'
import type { TransactionView } from './host-types.ts'

export type TransactionCardOptions = {
  /** "Owner 2" for an owner of the Safe, else a short address. */
  ownerLabel: (address: string) => string
  busy: boolean
  onConfirm: (owner: string) => void
  onExecute: () => void
  onCancel: () => void
  /** Whether to list who confirmed (the transaction page does; the sidebar keeps it short). */
  showConfirmations?: boolean
}

/**
 * One Safe transaction of the queue or history: status, confirmations, and while queued the buttons
 * "Confirm as Owner n", "Execute" (once the threshold is met) and "Cancel (reject on-chain)".
 */
export function transactionCard(tx: TransactionView, options: TransactionCardOptions): HTMLElement {
  const queued = tx.status === 'AWAITING_CONFIRMATIONS' || tx.status === 'AWAITING_EXECUTION'
  const button = (text: string, onclick: () => void) =>
    h('button', { type: 'button', disabled: options.busy, onclick }, text)
  return h(
    'article',
    { class: 'card', 'data-testid': 'queued-transaction', 'data-safe-tx-hash': tx.safeTxHash },
    h('h3', {}, `${tx.description} (nonce ${tx.nonce})`),
    h('p', { class: 'hash' }, `safeTxHash ${tx.safeTxHash}`),
    h(
      'p',
      { 'data-testid': 'transaction-status' },
      `${tx.status} · ${tx.confirmationsSubmitted} of ${tx.confirmationsRequired} confirmations`,
    ),
    options.showConfirmations && tx.confirmations.length > 0
      ? h(
          'ul',
          { 'data-testid': 'transaction-confirmations' },
          ...tx.confirmations.map((c) =>
            h('li', { title: c.owner }, `Confirmed by ${options.ownerLabel(c.owner)} ${c.owner}`),
          ),
        )
      : null,
    tx.txHash ? h('p', { class: 'hash' }, `Executed in ${tx.txHash}`) : null,
    ...(queued
      ? [
          ...tx.pendingSigners.map((owner) =>
            h(
              'button',
              {
                type: 'button',
                title: owner,
                disabled: options.busy,
                onclick: () => options.onConfirm(owner),
              },
              `Confirm as ${options.ownerLabel(owner)}`,
            ),
          ),
          tx.status === 'AWAITING_EXECUTION' ? button('Execute', options.onExecute) : null,
          button('Cancel (reject on-chain)', options.onCancel),
        ]
      : []),
  )
}
