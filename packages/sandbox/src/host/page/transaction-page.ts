/// <reference lib="dom" />
import { h, shortAddress } from './dom.ts'
import { HostApiError, hostApi } from './host-api-client.ts'
import type { HostContext, TransactionView } from './host-types.ts'
import { transactionCard } from './transaction-card.ts'

// Safe{Wallet}'s page of one Safe transaction, `/transactions/tx?safe=<shortName>:<address>&id=<txId>`
// (where Signet's explorer links lead a transaction still waiting for its owners): its status, who
// confirmed, and the owners' buttons.

type SafeContext = HostContext['safes'][number]
type Found = { context: HostContext; safe: SafeContext; tx: TransactionView }

const txIdPattern = /^multisig_(0x[0-9a-fA-F]{40})_(0x[0-9a-fA-F]{64})$/

let root: HTMLElement
let busy = false
let error = ''

export async function startTransactionPage(): Promise<void> {
  root = document.getElementById('transaction-page') as HTMLElement
  const params = new URLSearchParams(location.search)
  const safeParam = params.get('safe') ?? ''
  const id = params.get('id') ?? ''
  try {
    const found = await find(safeParam, id)
    if (typeof found === 'string') renderNotFound(found)
    else render(found)
  } catch (failure) {
    root.replaceChildren(
      h('h1', {}, 'Safe{Wallet} sandbox'),
      h('p', { class: 'error', role: 'alert' }, `The transaction could not be loaded: ${message(failure)}`),
    )
  }
}

/** The transaction the link names, or why there is none. */
async function find(safeParam: string, id: string): Promise<Found | string> {
  const context = await hostApi.context()
  const [prefix, address] = safeParam.includes(':') ? safeParam.split(':', 2) : ['', safeParam]
  if (prefix !== context.chain.shortName) {
    return `${safeParam || 'No Safe'} is not on this host's chain (${context.chain.shortName}:<address>).`
  }
  const safe = context.safes.find(
    (candidate) => candidate.safeAddress.toLowerCase() === address?.toLowerCase(),
  )
  if (!safe) return `Safe ${address} is not offered by this host.`
  const match = txIdPattern.exec(id)
  if (!match || match[1]?.toLowerCase() !== safe.safeAddress.toLowerCase()) {
    return `${id ? `"${id}"` : 'No id'} is not a transaction id of Safe ${safe.safeAddress} (multisig_<safe>_<safeTxHash>).`
  }
  try {
    const tx = await hostApi.transaction(match[2] as string)
    return { context, safe, tx }
  } catch (failure) {
    if (failure instanceof HostApiError && failure.code === 'NOT_FOUND') {
      return `Neither this host nor its gateway knows Safe transaction ${match[2]}.`
    }
    throw failure
  }
}

function renderNotFound(reason: string): void {
  root.replaceChildren(
    h('h1', {}, 'Safe{Wallet} sandbox'),
    h('h2', {}, 'Transaction not found'),
    h('p', { 'data-testid': 'transaction-not-found', role: 'alert' }, `Transaction not found: ${reason}`),
    h('p', {}, h('a', { href: '/' }, 'Open the sandbox')),
  )
}

function render(found: Found): void {
  const { context, safe, tx } = found
  const ownerLabel = (address: string) => {
    const index = safe.owners.findIndex((owner) => owner.toLowerCase() === address.toLowerCase())
    return index >= 0 ? `Owner ${index + 1}` : shortAddress(address)
  }
  const act = (task: () => Promise<unknown>) => async () => {
    if (busy) return
    busy = true
    error = ''
    render(found)
    try {
      await task()
    } catch (failure) {
      error = message(failure)
    }
    try {
      found.tx = await hostApi.transaction(tx.safeTxHash)
    } catch (failure) {
      error ||= message(failure)
    }
    busy = false
    render(found)
  }
  root.replaceChildren(
    h('h1', {}, 'Safe{Wallet} sandbox'),
    h('p', {}, h('a', { href: `/?safe=${safe.safeAddress}` }, 'Open the Safe App in this Safe')),
    h(
      'dl',
      {},
      h('dt', {}, 'Safe'),
      h('dd', { 'data-testid': 'transaction-safe' }, `${context.chain.shortName}:${safe.safeAddress}`),
      h('dt', {}, 'Chain'),
      h('dd', {}, `${context.chain.chainName} (${context.chain.chainId})`),
      h('dt', {}, 'Threshold'),
      h('dd', {}, `${safe.threshold} of ${safe.owners.length}`),
    ),
    h('p', { class: 'error', role: 'alert', hidden: !error }, error),
    h('h2', {}, 'Transaction'),
    transactionCard(found.tx, {
      ownerLabel,
      busy,
      showConfirmations: true,
      onConfirm: (owner) => void act(() => hostApi.confirmTransaction(tx.safeTxHash, owner))(),
      onExecute: () => void act(() => hostApi.executeTransaction(tx.safeTxHash))(),
      onCancel: () => void act(() => hostApi.cancelTransaction(tx.safeTxHash))(),
    }),
  )
}

function message(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure)
}
