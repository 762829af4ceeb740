/**
 * The browser tests' wallet: the app's demo wallet module, announced under its own name, with
 * switches the tests flip through `window.__testWallet`. Bundled into an init script by
 * ../harness/test-wallet.ts and injected before the page's own scripts run.
 */
import { announceProvider } from '../../src/wallet/demo-wallet/announce-provider.ts'
import {
  createDemoProvider,
  type DemoChain,
  type DemoMiddleware,
  type DemoProvider,
  ProviderRpcError,
  providerErrors,
} from '../../src/wallet/demo-wallet/demo-provider.ts'

export type TestWalletOptions = {
  accounts: { address: string; privateKey: string }[]
  chains: DemoChain[]
  chainId?: number
  name: string
  rdns: string
  uuid: string
  icon: `data:image/${string}`
  storageKey: string
  /** Announce over EIP-6963 (default true); false hides the wallet from discovery. */
  announce?: boolean
  /**
   * Also stand in `window.ethereum` with this flag set (`isAcmeWallet`), as an extension found
   * by its flag rather than by EIP-6963.
   */
  ethereumFlag?: string
}

export type TestWalletControls = {
  provider: DemoProvider
  /** Every method the site asked for, in order. */
  requests: string[]
  /** The next request (of `method`, or any when omitted) is rejected by the user (4001). */
  rejectNext(method?: string): void
  /** The next request (of `method`) finds another request already pending (-32002). */
  pendingNext(method?: string): void
  /** The next request (of `method`) fails inside the wallet with this JSON-RPC error. */
  failNext(method: string, code: number, message: string): void
  /** The wallet cannot switch networks at a site's request (-32601, as wallets without the method). */
  refuseSwitching(refuse: boolean): void
  /**
   * The next request (of `method`) waits, as a wallet whose prompt the user has not answered yet,
   * until {@link TestWalletControls.releaseHeld} lets it (and any other held request) through.
   */
  holdNext(method?: string): void
  /** Lets the held requests through; returns how many there were. */
  releaseHeld(): number
  /** The methods of the requests held right now. */
  held(): string[]
  /** The wallet forgets a chain, so switching to it answers 4902 until it is added. */
  forgetChain(chainId: number): void
  switchChainInWallet(chainId: number): void
  selectAccount(index: number): void
  /** Emits accountsChanged with these accounts (e.g. [] as a locked wallet does). */
  emitAccountsChanged(accounts: string[]): void
  revokeSite(): void
}

declare global {
  interface Window {
    __testWalletOptions?: TestWalletOptions
    __testWallet?: TestWalletControls
  }
}

const options = window.__testWalletOptions
if (!options) throw new Error('test wallet: window.__testWalletOptions is not set')
// Init scripts run in every frame; a wallet extension lives in the top-level page only.
if (window.top === window) install(options)

function install(options: TestWalletOptions): void {
  type Fault = { method: string | undefined; error: () => Error }
  const faults: Fault[] = []
  const holds: (string | undefined)[] = []
  const held: { method: string; release: () => void }[] = []
  const requests: string[] = []
  const forgotten = new Set<number>()
  let refuseSwitching = false
  const userDelayMs = 300

  const recordRequests: DemoMiddleware = (request, next) => {
    requests.push(request.method)
    return next()
  }
  const holdRequests: DemoMiddleware = async (request, next) => {
    const index = holds.findIndex((method) => method === undefined || method === request.method)
    if (index >= 0) {
      holds.splice(index, 1)
      await new Promise<void>((release) => held.push({ method: request.method, release }))
    }
    return next()
  }
  const injectFaults: DemoMiddleware = async (request, next) => {
    const index = faults.findIndex((fault) => fault.method === undefined || fault.method === request.method)
    if (index >= 0) {
      const [fault] = faults.splice(index, 1)
      // A person takes a moment to click "Reject"; RainbowKit's views assume as much.
      await new Promise((resolve) => setTimeout(resolve, userDelayMs))
      if (fault) throw fault.error()
    }
    if (
      refuseSwitching &&
      (request.method === 'wallet_switchEthereumChain' || request.method === 'wallet_addEthereumChain')
    ) {
      throw providerErrors.methodNotFound(request.method)
    }
    if (request.method === 'wallet_switchEthereumChain') {
      const chainId = Number((request.params as [{ chainId: string }] | undefined)?.[0]?.chainId)
      if (forgotten.has(chainId)) throw providerErrors.unrecognizedChain(`0x${chainId.toString(16)}`)
    }
    if (request.method === 'wallet_addEthereumChain') {
      const chainId = Number((request.params as [{ chainId: string }] | undefined)?.[0]?.chainId)
      forgotten.delete(chainId)
    }
    return next()
  }

  const provider = createDemoProvider({
    accounts: options.accounts,
    chains: options.chains,
    ...(options.chainId ? { chainId: options.chainId } : {}),
    middleware: [recordRequests, holdRequests, injectFaults],
    storage: window.localStorage,
    storageKey: options.storageKey,
  })

  window.__testWallet = {
    provider,
    requests,
    rejectNext: (method) => faults.push({ method, error: providerErrors.userRejected }),
    pendingNext: (method) =>
      faults.push({ method, error: () => providerErrors.pending(method ?? 'eth_requestAccounts') }),
    failNext: (method, code, message) =>
      faults.push({ method, error: () => new ProviderRpcError(code, message) }),
    holdNext: (method) => holds.push(method),
    releaseHeld: () => {
      const released = held.splice(0)
      for (const request of released) request.release()
      return released.length
    },
    held: () => held.map((request) => request.method),
    refuseSwitching: (refuse) => {
      refuseSwitching = refuse
    },
    forgetChain: (chainId) => forgotten.add(chainId),
    switchChainInWallet: (chainId) => provider.switchChainInWallet(chainId),
    selectAccount: (index) => provider.selectAccount(index),
    emitAccountsChanged: (accounts) => provider.emit('accountsChanged', accounts),
    revokeSite: () => provider.revokeSite(),
  }

  if (options.ethereumFlag) {
    Object.assign(provider, { [options.ethereumFlag]: true })
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true })
  }
  if (options.announce === false) return
  announceProvider(window, {
    info: { uuid: options.uuid, name: options.name, icon: options.icon, rdns: options.rdns },
    provider,
  })
}
