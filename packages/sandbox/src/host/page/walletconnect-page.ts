/// <reference lib="dom" />
import { h, shortAddress } from './dom.ts'
import { hostApi } from './host-api-client.ts'
import type { HostContext, MessageView, TransactionView } from './host-types.ts'
import { safePicker } from './safe-picker.ts'
import { transactionCard } from './transaction-card.ts'

// Safe{Wallet}'s WalletConnect page in the sandbox: paste a dApp's `wc:` URI to connect it to the chosen
// Safe; its signing requests open a dialog here, which owners sign in (their keys stay in the host's Node
// process), which can be closed (the dApp gets 4001), or which goes silent with the tab. Messages and
// transactions of the Safe can be confirmed as each owner afterwards.

type SafeContext = HostContext['safes'][number]
type Settings = { onChainSigning: boolean; mobileApp: boolean }
type RequestView = {
  id: number
  dapp: string
  method: string
  safe: string
  mode: 'offchain' | 'onchain'
  text: string
  message: MessageView | null
  transaction: TransactionView | null
  expiresAt: number | null
}
type WalletConnectView = {
  settings: Settings
  sessions: { topic: string; dapp: string; url: string; safe: string }[]
  requests: RequestView[]
  log: string[]
}

let root: HTMLElement
let live: HTMLElement
let safe: SafeContext
let busy = false
let error = ''
let closed = false
/** What the page last drew: an unchanged view is not drawn again (a button must not vanish under a click). */
let drawn = ''

export async function startWalletConnectPage(): Promise<void> {
  root = document.getElementById('walletconnect-page') as HTMLElement
  const context = await hostApi.context()
  const wanted = new URLSearchParams(location.search).get('safe')?.toLowerCase()
  safe =
    context.safes.find((candidate) => candidate.safeAddress.toLowerCase() === wanted) ??
    (context.safes[0] as SafeContext)
  const uri = h('input', { type: 'text', 'aria-label': 'Pairing code', placeholder: 'wc:…' })
  live = h('div', {})
  root.replaceChildren(
    h('h1', {}, 'Safe{Wallet} sandbox · WalletConnect'),
    h(
      'p',
      {},
      `Connect a dApp as Safe ${safe.safeAddress} (${safe.threshold} of ${safe.owners.length}, v${safe.version}). `,
      h('a', { href: `/?safe=${safe.safeAddress}` }, 'Back to the Safe'),
    ),
    safePicker(context, safe),
    h(
      'form',
      {
        onsubmit: (event) => {
          event.preventDefault()
          void act(async () => {
            await post('/api/walletconnect/pair', { uri: uri.value, safe: safe.safeAddress })
            uri.value = ''
          })
        },
      },
      h('p', {}, 'Paste the pairing code (the dApp’s wc: link or the text of its QR code):'),
      uri,
      h('button', { type: 'submit' }, 'Connect'),
    ),
    live,
  )
  // Safe{Wallet}'s WalletConnect lives in its tab: closing the tab leaves the dApp's requests unanswered.
  window.addEventListener('pagehide', () => {
    closed = true
    navigator.sendBeacon('/api/walletconnect/tab-closed')
  })
  await refresh()
  setInterval(() => void refresh(), 1_000)
}

let refreshes = 0

async function refresh(): Promise<void> {
  if (closed || busy) return
  // Only the newest look is drawn: one started before an owner's action would show the state before it.
  const mine = ++refreshes
  try {
    const [view, messages, queue] = await Promise.all([
      getJson<WalletConnectView>('/api/walletconnect'),
      getJson<MessageView[]>(`/api/safes/${safe.safeAddress}/messages`),
      hostApi.transactions(safe.safeAddress),
    ])
    if (mine !== refreshes || busy) return
    const key = JSON.stringify([view, messages, queue, error])
    if (key === drawn) return
    drawn = key
    render(view, messages, queue)
  } catch (failure) {
    error = message(failure)
  }
}

async function act(task: () => Promise<void>): Promise<void> {
  if (busy) return
  busy = true
  error = ''
  try {
    await task()
  } catch (failure) {
    error = message(failure)
  } finally {
    busy = false
    await refresh()
  }
}

function render(view: WalletConnectView, messages: MessageView[], all: TransactionView[]): void {
  // A transaction still in an open signing dialog is not in the queue yet (its first owner proposes it there).
  const inDialog = new Set(view.requests.flatMap((request) => request.transaction?.safeTxHash ?? []))
  const queue = all.filter((tx) => !inDialog.has(tx.safeTxHash))
  const waitingMessages = messages.filter(
    (candidate) =>
      candidate.status === 'NEEDS_CONFIRMATION' &&
      !view.requests.some((request) => request.message?.messageHash === candidate.messageHash),
  )
  live.replaceChildren(
    h('p', { class: 'error', role: 'alert', hidden: !error }, error),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Settings'),
      setting('onChainSigning', view.settings, 'Always use on-chain signatures'),
      setting('mobileApp', view.settings, 'Answer as the Safe mobile app (message signing disabled)'),
    ),
    h(
      'section',
      { 'aria-label': 'Connected dApps' },
      h('h2', {}, 'Connected dApps'),
      view.sessions.length === 0 ? h('p', { class: 'muted' }, 'None yet.') : null,
      h(
        'ul',
        {},
        ...view.sessions.map((session) =>
          h(
            'li',
            { 'data-testid': 'walletconnect-session' },
            `${session.dapp} (${session.url}) as ${session.safe}`,
          ),
        ),
      ),
    ),
    h(
      'section',
      { 'aria-label': 'Requests' },
      h('h2', {}, 'Requests'),
      view.requests.length === 0 ? h('p', { class: 'muted' }, 'Nothing waiting.') : null,
      ...view.requests.map(requestDialog),
    ),
    h(
      'section',
      { 'aria-label': 'Messages' },
      h('h2', {}, 'Messages waiting for owners'),
      waitingMessages.length === 0 ? h('p', { class: 'muted' }, 'None.') : null,
      ...waitingMessages.map(messageCard),
    ),
    h(
      'section',
      { 'aria-label': 'Transactions' },
      h('h2', {}, 'Transactions'),
      queue.length === 0 ? h('p', { class: 'muted' }, 'None yet.') : null,
      ...queue.map((tx) =>
        transactionCard(tx, {
          ownerLabel,
          busy,
          onConfirm: (owner) =>
            void act(async () => void (await hostApi.confirmTransaction(tx.safeTxHash, owner))),
          onExecute: () => void act(async () => void (await hostApi.executeTransaction(tx.safeTxHash))),
          onCancel: () => void act(async () => void (await hostApi.cancelTransaction(tx.safeTxHash))),
        }),
      ),
    ),
    h(
      'section',
      { 'aria-label': 'Activity' },
      h('h2', {}, 'Activity'),
      h(
        'ol',
        { class: 'log', 'data-testid': 'walletconnect-log' },
        ...view.log.map((line) => h('li', {}, line)),
      ),
    ),
  )
}

function setting(name: keyof Settings, settings: Settings, text: string): HTMLElement {
  return h(
    'label',
    {},
    h('input', {
      type: 'checkbox',
      checked: settings[name],
      onchange: (event) =>
        void act(async () => {
          await post('/api/walletconnect/settings', { [name]: (event.target as HTMLInputElement).checked })
        }),
    }),
    ` ${text}`,
  )
}

/** Safe{Wallet}'s signing dialog for one request. */
function requestDialog(request: RequestView): HTMLElement {
  const signers =
    request.mode === 'offchain'
      ? (request.message?.pendingSigners ?? [])
      : (request.transaction?.pendingSigners ?? safe.signers)
  const verb = request.mode === 'offchain' ? 'Sign' : 'Propose'
  return h(
    'article',
    {
      class: 'card',
      role: 'dialog',
      'aria-label': 'Signature request',
      'data-testid': 'walletconnect-request',
    },
    h('h3', {}, request.mode === 'offchain' ? 'Sign message' : 'Sign message on-chain'),
    h('p', {}, `${request.dapp} asks (${request.method})`),
    h('pre', {}, request.text),
    request.message
      ? h(
          'p',
          { 'data-testid': 'walletconnect-confirmations' },
          `${request.message.confirmationsSubmitted} of ${request.message.confirmationsRequired} confirmations`,
        )
      : null,
    request.message ? h('p', { class: 'hash' }, `SafeMessage hash ${request.message.messageHash}`) : null,
    ...signers.map((owner) =>
      h(
        'button',
        {
          type: 'button',
          title: owner,
          disabled: busy,
          onclick: () =>
            void act(async () => {
              await post(`/api/walletconnect/requests/${request.id}/sign`, { owner })
            }),
        },
        `${verb} as ${ownerLabel(owner)}`,
      ),
    ),
    h(
      'button',
      {
        type: 'button',
        disabled: busy,
        onclick: () =>
          void act(
            async () => void (await post(`/api/walletconnect/requests/${request.id}/close-dialog`, {})),
          ),
      },
      'Close dialog',
    ),
  )
}

function messageCard(view: MessageView): HTMLElement {
  return h(
    'article',
    { class: 'card', 'data-testid': 'waiting-message' },
    h('pre', {}, typeof view.message === 'string' ? view.message : JSON.stringify(view.message, null, 2)),
    h('p', {}, `${view.confirmationsSubmitted} of ${view.confirmationsRequired} confirmations`),
    ...view.pendingSigners.map((owner) =>
      h(
        'button',
        {
          type: 'button',
          title: owner,
          disabled: busy,
          onclick: () => void act(async () => void (await hostApi.confirmMessage(view.messageHash, owner))),
        },
        `Confirm as ${ownerLabel(owner)}`,
      ),
    ),
  )
}

function ownerLabel(address: string): string {
  const index = safe.owners.findIndex((owner) => owner.toLowerCase() === address.toLowerCase())
  return index >= 0 ? `Owner ${index + 1}` : shortAddress(address)
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { cache: 'no-store' })
  const json = await response.json()
  if (!response.ok) throw new Error(json?.error?.message ?? response.statusText)
  return json as T
}

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(json?.error?.message ?? response.statusText)
  return json
}

function message(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure)
}
