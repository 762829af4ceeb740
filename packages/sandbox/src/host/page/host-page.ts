/// <reference lib="dom" />
import { h, shortAddress } from './dom.ts'
import { HostApiError, hostApi } from './host-api-client.ts'
import type { HostContext, MessageView, TransactionView } from './host-types.ts'
import { PermissionStore } from './permission-store.ts'
import { safePicker } from './safe-picker.ts'
import {
  errorResponse,
  parseSdkRequest,
  requestedPermissions,
  type SdkRequest,
  type SdkResponse,
  successResponse,
} from './sdk-messages.ts'
import { transactionCard } from './transaction-card.ts'
import { startTransactionPage } from './transaction-page.ts'
import { startWalletConnectPage } from './walletconnect-page.ts'

// The sandbox host page: a stand-in for Safe{Wallet} that frames a Safe App and answers its SDK
// requests. Owners confirm with buttons; the keys stay in the host's Node process.

type SafeContext = HostContext['safes'][number]
type SigningMode = 'offchain' | 'onchain'

type Pending =
  | { kind: 'permissions'; id: string; methods: string[] }
  | { kind: 'message'; id: string; view: MessageView }
  | { kind: 'transaction'; id: string; title: string; view: TransactionView }

const rejectedText = 'Transaction was rejected'
const modeKey = 'sandbox.signingMode'

const state = {
  context: undefined as HostContext | undefined,
  safe: undefined as SafeContext | undefined,
  appOrigin: '',
  mode: (localStorage.getItem(modeKey) === 'onchain' ? 'onchain' : 'offchain') as SigningMode,
  pending: [] as Pending[],
  queue: [] as TransactionView[],
  /** getOffChainSignature requests waiting for a message to be confirmed, by message hash. */
  signatureWaiters: new Map<string, string[]>(),
  log: [] as string[],
  busy: false,
  error: '',
}

const permissions = new PermissionStore(localStorage)
let frame: HTMLIFrameElement
let sidebar: HTMLElement

if (location.pathname === '/transactions/tx') void startTransactionPage()
else if (location.pathname === '/walletconnect') void startWalletConnectPage()
else void start()

async function start(): Promise<void> {
  sidebar = document.getElementById('sidebar') as HTMLElement
  try {
    const context = await hostApi.context()
    state.context = context
    const wanted = new URLSearchParams(location.search).get('safe')?.toLowerCase()
    state.safe = context.safes.find((safe) => safe.safeAddress.toLowerCase() === wanted) ?? context.safes[0]
    state.appOrigin = new URL(context.appUrl).origin
  } catch (error) {
    sidebar.replaceChildren(
      h('p', { class: 'error', role: 'alert' }, `The host could not start: ${message(error)}`),
    )
    return
  }
  // Listen before the app loads: the SDK gives getSafeInfo only a short time to answer.
  window.addEventListener('message', (event) => void onMessage(event))
  frame = document.getElementById('safe-app') as HTMLIFrameElement
  frame.src = appSource(state.context.appUrl, new URLSearchParams(location.search).get('appQuery'))
  await refreshQueue()
  render()
}

async function onMessage(event: MessageEvent): Promise<void> {
  if (event.source !== frame.contentWindow) {
    log(`Ignored a message from ${event.origin}: not the Safe App's frame`)
    return
  }
  if (event.origin !== state.appOrigin) {
    log(`Ignored a message from ${event.origin}: not the Safe App's origin`)
    return
  }
  const request = parseSdkRequest(event.data)
  if (!request) return
  log(`← ${request.method}${describeParams(request)}`)
  try {
    const answer = await handle(request)
    if (answer) reply(answer)
  } catch (error) {
    reply(errorResponse(request.id, message(error)))
  }
  render()
}

/** Answers now (a response), later (undefined: the request waits for a person), or throws. */
async function handle(request: SdkRequest): Promise<SdkResponse | undefined> {
  const safe = state.safe as SafeContext
  const context = state.context as HostContext
  const params = request.params as Record<string, unknown> | undefined
  switch (request.method) {
    case 'getSafeInfo': {
      const { signers: _signers, ...info } = safe
      return successResponse(request.id, info)
    }
    case 'getChainInfo':
      return successResponse(request.id, context.chain)
    case 'getEnvironmentInfo':
      return successResponse(request.id, { origin: location.origin })
    case 'getSafeBalances':
      return successResponse(
        request.id,
        await hostApi.balances(safe.safeAddress, String(params?.currency ?? 'usd')),
      )
    case 'rpcCall': {
      const call = String(params?.call)
      if (call === 'safe_setSettings') {
        const settings = (params?.params as unknown[] | undefined)?.[0] as
          | { offChainSigning?: unknown }
          | undefined
        if (typeof settings?.offChainSigning === 'boolean')
          setMode(settings.offChainSigning ? 'offchain' : 'onchain')
        return successResponse(request.id, { offChainSigning: state.mode === 'offchain' })
      }
      const result = await hostApi.rpc(call, params?.params)
      return 'error' in result
        ? errorResponse(request.id, result.error.message)
        : successResponse(request.id, result.result)
    }
    case 'wallet_getPermissions':
      return successResponse(request.id, permissions.get(state.appOrigin))
    case 'wallet_requestPermissions': {
      const methods = requestedPermissions(request.params)
      if (!methods) return errorResponse(request.id, 'Permissions request is invalid')
      state.pending.push({ kind: 'permissions', id: request.id, methods })
      return undefined
    }
    case 'requestAddressBook':
      // As Safe{Wallet}: without the permission the app gets an empty list.
      return successResponse(
        request.id,
        permissions.has(state.appOrigin, 'requestAddressBook') ? context.addressBook : [],
      )
    case 'signMessage':
    case 'signTypedMessage': {
      const content = request.method === 'signMessage' ? params?.message : params?.typedData
      if (content === undefined) return errorResponse(request.id, 'Invalid message')
      if (state.mode === 'offchain') {
        const view = await hostApi.createMessage(safe.safeAddress, content, state.appOrigin)
        if (view.status === 'CONFIRMED') {
          return successResponse(request.id, {
            messageHash: view.messageHash,
            signature: view.preparedSignature,
          })
        }
        state.pending.push({ kind: 'message', id: request.id, view })
        return undefined
      }
      const view = await hostApi.proposeMessageApproval(safe.safeAddress, content, state.appOrigin)
      state.pending.push({ kind: 'transaction', id: request.id, title: 'Sign message on-chain', view })
      return undefined
    }
    case 'sendTransactions': {
      const view = await hostApi.proposeTransaction(safe.safeAddress, params?.txs, state.appOrigin)
      state.pending.push({ kind: 'transaction', id: request.id, title: 'Transaction', view })
      return undefined
    }
    case 'getOffChainSignature': {
      const hash = String(request.params)
      const view = await hostApi.message(hash).catch(() => undefined)
      if (view?.status === 'CONFIRMED') return successResponse(request.id, view.preparedSignature)
      // Never answered while unconfirmed (as the issue describes Safe{Wallet}); answered if it confirms later.
      state.signatureWaiters.set(hash.toLowerCase(), [
        ...(state.signatureWaiters.get(hash.toLowerCase()) ?? []),
        request.id,
      ])
      return undefined
    }
    case 'getTxBySafeTxHash': {
      const hash = String(params?.safeTxHash)
      try {
        return successResponse(request.id, (await hostApi.transaction(hash)).details)
      } catch (error) {
        if (error instanceof HostApiError && error.code === 'NOT_FOUND') {
          return errorResponse(request.id, `No MultisigTransaction matches the given query.`)
        }
        throw error
      }
    }
  }
}

function reply(response: SdkResponse): void {
  frame.contentWindow?.postMessage(response, state.appOrigin)
  log(`→ ${response.success ? 'answered' : `error: ${response.error}`}`)
}

// --- Actions of the person at the host -----------------------------------------------------------

async function act(task: () => Promise<void>): Promise<void> {
  if (state.busy) return
  state.busy = true
  state.error = ''
  render()
  try {
    await task()
  } catch (error) {
    state.error = message(error)
  } finally {
    state.busy = false
    await refreshQueue().catch(() => undefined)
    render()
  }
}

function answerPermissions(pending: Extract<Pending, { kind: 'permissions' }>, allow: boolean): void {
  removePending(pending)
  if (!allow) {
    log('Permissions rejected')
    reply(errorResponse(pending.id, 'Permissions rejected'))
  } else {
    reply(successResponse(pending.id, permissions.grant(state.appOrigin, pending.methods)))
  }
  render()
}

function confirmMessage(pending: Extract<Pending, { kind: 'message' }>, owner: string) {
  return act(async () => {
    const view = await hostApi.confirmMessage(pending.view.messageHash, owner)
    pending.view = view
    if (view.status === 'CONFIRMED') {
      removePending(pending)
      reply(successResponse(pending.id, { messageHash: view.messageHash, signature: view.preparedSignature }))
      answerSignatureWaiters(view)
    }
  })
}

function rejectMessage(pending: Extract<Pending, { kind: 'message' }>) {
  return act(async () => {
    await hostApi.rejectMessage(pending.view.messageHash)
    removePending(pending)
    reply(errorResponse(pending.id, rejectedText))
  })
}

function answerSignatureWaiters(view: MessageView): void {
  const waiting = state.signatureWaiters.get(view.messageHash.toLowerCase()) ?? []
  state.signatureWaiters.delete(view.messageHash.toLowerCase())
  for (const id of waiting) reply(successResponse(id, view.preparedSignature))
}

/** The first owner's confirmation proposes the transaction: the app then gets its safeTxHash. */
function proposeTransaction(pending: Extract<Pending, { kind: 'transaction' }>, owner: string) {
  return act(async () => {
    const view = await hostApi.confirmTransaction(pending.view.safeTxHash, owner)
    removePending(pending)
    reply(successResponse(pending.id, { safeTxHash: view.safeTxHash }))
  })
}

function rejectTransaction(pending: Extract<Pending, { kind: 'transaction' }>): void {
  removePending(pending)
  reply(errorResponse(pending.id, rejectedText))
  render()
}

function removePending(pending: Pending): void {
  state.pending = state.pending.filter((candidate) => candidate !== pending)
}

function setMode(mode: SigningMode): void {
  state.mode = mode
  localStorage.setItem(modeKey, mode)
  render()
}

async function refreshQueue(): Promise<void> {
  if (!state.safe) return
  const proposed = new Set(
    state.pending.flatMap((p) => (p.kind === 'transaction' ? [p.view.safeTxHash] : [])),
  )
  state.queue = (await hostApi.transactions(state.safe.safeAddress)).filter(
    (tx) => !proposed.has(tx.safeTxHash),
  )
  const context = await hostApi.context()
  state.context = context
  state.safe = context.safes.find((safe) => safe.safeAddress === state.safe?.safeAddress) ?? state.safe
}

// --- Rendering ------------------------------------------------------------------------------------

function ownerLabel(address: string): string {
  const index = state.safe?.owners.findIndex((owner) => owner.toLowerCase() === address.toLowerCase()) ?? -1
  return index >= 0 ? `Owner ${index + 1}` : shortAddress(address)
}

function ownerButtons(signers: string[], action: (owner: string) => void, verb: string): HTMLElement[] {
  return signers.map((owner) =>
    h(
      'button',
      { type: 'button', title: owner, disabled: state.busy, onclick: () => action(owner) },
      `${verb} as ${ownerLabel(owner)}`,
    ),
  )
}

function render(): void {
  const safe = state.safe
  const context = state.context
  if (!safe || !context) return
  sidebar.replaceChildren(
    h('h1', {}, 'Safe{Wallet} sandbox'),
    h('p', {}, h('a', { href: `/walletconnect?safe=${safe.safeAddress}` }, 'WalletConnect')),
    h(
      'section',
      { 'aria-label': 'Safe' },
      safePicker(context, safe),
      h(
        'dl',
        {},
        h('dt', {}, 'Address'),
        h('dd', { 'data-testid': 'host-safe-address' }, safe.safeAddress),
        h('dt', {}, 'Chain'),
        h('dd', {}, `${context.chain.chainName} (${context.chain.chainId})`),
        h('dt', {}, 'Threshold'),
        h('dd', {}, `${safe.threshold} of ${safe.owners.length}`),
        h('dt', {}, 'Version'),
        h('dd', {}, safe.version),
        h('dt', {}, 'Owners'),
        h(
          'dd',
          {},
          h(
            'ol',
            {},
            ...safe.owners.map((owner) =>
              h('li', { title: owner }, `${ownerLabel(owner)} ${shortAddress(owner)}`),
            ),
          ),
        ),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Signing messages'),
      modeOption('offchain', 'Off-chain (owners sign the message)'),
      modeOption('onchain', 'On-chain (a Safe transaction)'),
    ),
    h('p', { class: 'error', role: 'alert', hidden: !state.error }, state.error),
    h(
      'section',
      { 'aria-label': 'Requests' },
      h('h2', {}, `Requests from ${state.appOrigin}`),
      state.pending.length === 0 ? h('p', { class: 'muted' }, 'Nothing waiting.') : null,
      ...state.pending.map(renderPending),
    ),
    h(
      'section',
      { 'aria-label': 'Transactions' },
      h('h2', {}, 'Transactions'),
      state.queue.length === 0 ? h('p', { class: 'muted' }, 'None yet.') : null,
      ...state.queue.map(renderQueued),
    ),
    h(
      'section',
      { 'aria-label': 'Permissions' },
      h('h2', {}, 'Permissions'),
      h('p', {}, permissionSummary()),
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            permissions.clear()
            render()
          },
        },
        'Forget permissions',
      ),
    ),
    h(
      'section',
      { 'aria-label': 'Activity' },
      h('h2', {}, 'Activity'),
      h(
        'ol',
        { class: 'log', 'data-testid': 'host-log' },
        ...state.log.slice(-60).map((line) => h('li', {}, line)),
      ),
    ),
  )
}

function modeOption(mode: SigningMode, text: string): HTMLElement {
  return h(
    'label',
    {},
    h('input', {
      type: 'radio',
      name: 'signing-mode',
      value: mode,
      checked: state.mode === mode,
      onchange: () => setMode(mode),
    }),
    ` ${text}`,
  )
}

function permissionSummary(): string {
  const granted = permissions.get(state.appOrigin).map((permission) => permission.parentCapability)
  return granted.length === 0 ? 'The app holds no permission.' : `Granted: ${granted.join(', ')}`
}

function renderPending(pending: Pending): HTMLElement {
  if (pending.kind === 'permissions') {
    return h(
      'article',
      { class: 'card', 'data-testid': 'permission-request' },
      h('h3', {}, 'Permission request'),
      h(
        'p',
        {},
        `${state.appOrigin} asks to: ${pending.methods.map((m) => (m === 'requestAddressBook' ? 'read your address book' : m)).join(', ')}`,
      ),
      h('button', { type: 'button', onclick: () => answerPermissions(pending, true) }, 'Allow'),
      h('button', { type: 'button', onclick: () => answerPermissions(pending, false) }, 'Reject'),
    )
  }
  if (pending.kind === 'message') {
    const { view } = pending
    return h(
      'article',
      { class: 'card', 'data-testid': 'message-request' },
      h('h3', {}, 'Sign message (off-chain)'),
      h('pre', {}, typeof view.message === 'string' ? view.message : JSON.stringify(view.message, null, 2)),
      h('p', { class: 'hash' }, `SafeMessage hash ${view.messageHash}`),
      h(
        'p',
        { 'data-testid': 'message-confirmations' },
        `${view.confirmationsSubmitted} of ${view.confirmationsRequired} confirmations`,
      ),
      ...ownerButtons(view.pendingSigners, (owner) => void confirmMessage(pending, owner), 'Sign'),
      h(
        'button',
        { type: 'button', disabled: state.busy, onclick: () => void rejectMessage(pending) },
        'Reject',
      ),
    )
  }
  const { view } = pending
  return h(
    'article',
    { class: 'card', 'data-testid': 'transaction-request' },
    h('h3', {}, `${pending.title} (nonce ${view.nonce})`),
    h('p', { class: 'hash' }, `safeTxHash ${view.safeTxHash}`),
    h('p', {}, view.description),
    ...ownerButtons(view.pendingSigners, (owner) => void proposeTransaction(pending, owner), 'Propose'),
    h(
      'button',
      { type: 'button', disabled: state.busy, onclick: () => rejectTransaction(pending) },
      'Reject',
    ),
  )
}

function renderQueued(tx: TransactionView): HTMLElement {
  return transactionCard(tx, {
    ownerLabel,
    busy: state.busy,
    onConfirm: (owner) => void act(async () => void (await hostApi.confirmTransaction(tx.safeTxHash, owner))),
    onExecute: () => void act(async () => void (await hostApi.executeTransaction(tx.safeTxHash))),
    onCancel: () => void act(async () => void (await hostApi.cancelTransaction(tx.safeTxHash))),
  })
}

/** The app's URL, with `?appQuery=` of the host page as its query (same origin, e.g. a test switch). */
function appSource(appUrl: string, appQuery: string | null): string {
  const url = new URL(appUrl)
  if (appQuery) url.search = appQuery
  return url.href
}

function describeParams(request: SdkRequest): string {
  if (request.method === 'rpcCall') return ` ${String((request.params as { call?: unknown })?.call)}`
  return ''
}

function log(line: string): void {
  state.log.push(line)
  render()
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
