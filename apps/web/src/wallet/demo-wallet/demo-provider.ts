import {
  type Address,
  type Chain,
  createWalletClient,
  defineChain,
  fallback,
  getAddress,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type LocalAccount,
  numberToHex,
  type TransactionRequest,
  transactionType,
  webSocket,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * A framework-free EIP-1193 wallet backed by local keys (anvil's public test keys in demo mode).
 * The app's demo wallet and the browser tests' test wallet are both this module: the tests bundle
 * it into an init script and steer it through middleware.
 */

export type DemoChain = {
  id: number
  name?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** Empty: the wallet knows the chain but cannot reach it (reads and sends fail with 4900). */
  rpcUrls: string[]
  blockExplorerUrl?: string
}

export type DemoRequest = { method: string; params?: unknown }

/** Sees every request; may answer or throw itself, or pass it on with `next()`. */
export type DemoMiddleware = (request: DemoRequest, next: () => Promise<unknown>) => Promise<unknown>

export type DemoStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type DemoProviderOptions = {
  accounts: { address: string; privateKey: string }[]
  chains: DemoChain[]
  /** Chain the wallet starts on; default the first chain. */
  chainId?: number
  middleware?: DemoMiddleware[]
  /** Where permission, account and chain are remembered (a real wallet remembers them per site). */
  storage?: DemoStorage
  storageKey?: string
  /** Origin reported as the permissions' invoker. */
  origin?: string
}

export type DemoWalletState = {
  accounts: Address[]
  selectedIndex: number
  chainId: number
  /** The site may see the accounts (eth_accounts answers them). */
  permitted: boolean
}

type Listener = (...args: unknown[]) => void

export type DemoProvider = {
  request(args: DemoRequest): Promise<unknown>
  on(event: string, listener: Listener): DemoProvider
  removeListener(event: string, listener: Listener): DemoProvider
  off(event: string, listener: Listener): DemoProvider
  readonly isSignetDemoWallet: true
  getState(): DemoWalletState
  /** Subscribes to state changes (for a wallet panel); returns the unsubscribe function. */
  subscribe(listener: (state: DemoWalletState) => void): () => void
  /** Picks another account, as a user would in the wallet; the site sees accountsChanged. */
  selectAccount(index: number): void
  /** Switches chain from inside the wallet (not at the site's request). */
  switchChainInWallet(chainId: number): void
  /** Forgets the site's permission, as "disconnect this site" in a wallet does: accountsChanged([]). */
  revokeSite(): void
  /** Emits an event as the wallet would. */
  emit(event: string, ...args: unknown[]): void
}

/** An EIP-1193 / EIP-1474 provider error: what wallets throw and wagmi switches on. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export const providerErrors = {
  userRejected: () => new ProviderRpcError(4001, 'User rejected the request.'),
  unauthorized: () =>
    new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.'),
  unsupportedMethod: (method: string) =>
    new ProviderRpcError(4200, `The wallet does not support the method "${method}".`),
  disconnected: (chainId: number) =>
    new ProviderRpcError(4900, `The wallet cannot reach chain ${chainId}: it has no RPC URL.`),
  unrecognizedChain: (chainId: Hex) =>
    new ProviderRpcError(
      4902,
      `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`,
    ),
  invalidParams: (message: string) => new ProviderRpcError(-32602, message),
  methodNotFound: (method: string) =>
    new ProviderRpcError(-32601, `The method "${method}" does not exist / is not available.`),
  pending: (method: string) =>
    new ProviderRpcError(-32002, `Request of type '${method}' already pending. Please wait.`),
}

/** Methods answered by the chain's node; everything else that is not a wallet method fails with 4200. */
const forwardedPrefixes = ['eth_', 'net_', 'web3_']
const signingMethods = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
])

type Persisted = { permitted: boolean; selectedIndex: number; chainId: number; addedChains: DemoChain[] }

/**
 * Creates the wallet.
 *
 * @example
 * const provider = createDemoProvider({ accounts: config.demoAccounts, chains: [{ id: 31337, rpcUrls: [rpcUrl] }] })
 * await provider.request({ method: 'eth_requestAccounts' })
 */
export function createDemoProvider(options: DemoProviderOptions): DemoProvider {
  if (options.accounts.length === 0) throw new RangeError('the demo wallet needs at least one account')
  if (options.chains.length === 0) throw new RangeError('the demo wallet needs at least one chain')
  const localAccounts: LocalAccount[] = options.accounts.map((account) =>
    privateKeyToAccount(account.privateKey as Hex),
  )
  for (const [index, account] of localAccounts.entries()) {
    const configured = options.accounts[index]?.address
    if (configured && !isAddressEqual(configured as Address, account.address)) {
      throw new RangeError(`demo account ${index}: the address ${configured} does not belong to its key`)
    }
  }
  const storageKey = options.storageKey ?? 'signet.demoWallet'
  const listeners = new Map<string, Set<Listener>>()
  const stateListeners = new Set<(state: DemoWalletState) => void>()
  const clients = new Map<number, ReturnType<typeof walletClientFor>>()

  const saved = readPersisted(options.storage, storageKey)
  const chains = new Map<number, DemoChain>()
  for (const chain of [...options.chains, ...(saved?.addedChains ?? [])])
    if (!chains.has(chain.id)) chains.set(chain.id, chain)
  const addedChains: DemoChain[] =
    saved?.addedChains.filter((chain) => !options.chains.some((c) => c.id === chain.id)) ?? []
  const firstChainId = options.chains[0]?.id as number
  let permitted = saved?.permitted ?? false
  let selectedIndex = saved && saved.selectedIndex < localAccounts.length ? saved.selectedIndex : 0
  let chainId = saved && chains.has(saved.chainId) ? saved.chainId : (options.chainId ?? firstChainId)

  const selected = (): LocalAccount => localAccounts[selectedIndex] as LocalAccount
  const exposedAccounts = (): Address[] => (permitted ? [selected().address] : [])
  const state = (): DemoWalletState => ({
    accounts: localAccounts.map((account) => account.address),
    selectedIndex,
    chainId,
    permitted,
  })
  // One object per state, so React's useSyncExternalStore sees a stable snapshot.
  let snapshot = state()
  const changed = (): void => {
    options.storage?.setItem(
      storageKey,
      JSON.stringify({ permitted, selectedIndex, chainId, addedChains } satisfies Persisted),
    )
    snapshot = state()
    for (const listener of stateListeners) listener(snapshot)
  }
  const emit = (event: string, ...args: unknown[]): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`[demo wallet] a "${event}" listener threw`, error)
      }
    }
  }
  const setChain = (id: number): void => {
    if (id === chainId) return
    chainId = id
    changed()
    emit('chainChanged', numberToHex(id))
  }
  const permissions = () =>
    permitted
      ? [
          {
            parentCapability: 'eth_accounts',
            invoker:
              options.origin ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin),
            caveats: [{ type: 'restrictReturnedAccounts', value: [selected().address] }],
            date: Date.now(),
          },
        ]
      : []
  const requireAccount = (address: unknown): LocalAccount => {
    if (!permitted) throw providerErrors.unauthorized()
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw providerErrors.invalidParams(`expected an address, got ${JSON.stringify(address)}`)
    }
    if (!isAddressEqual(address, selected().address)) throw providerErrors.unauthorized()
    return selected()
  }
  const chainFor = (id: number): DemoChain => {
    const chain = chains.get(id)
    if (!chain || chain.rpcUrls.length === 0) throw providerErrors.disconnected(id)
    return chain
  }
  const clientFor = (id: number) => {
    let client = clients.get(id)
    if (!client) {
      client = walletClientFor(chainFor(id))
      clients.set(id, client)
    }
    return client
  }

  const handle = async ({ method, params }: DemoRequest): Promise<unknown> => {
    const args = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts':
        return exposedAccounts()
      case 'eth_requestAccounts':
        if (!permitted) {
          permitted = true
          changed()
          emit('connect', { chainId: numberToHex(chainId) })
          emit('accountsChanged', exposedAccounts())
        }
        return exposedAccounts()
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_requestPermissions': {
        const request = args[0]
        if (typeof request !== 'object' || request === null || !('eth_accounts' in request)) {
          throw providerErrors.invalidParams('only the eth_accounts permission can be requested')
        }
        const wasPermitted = permitted
        permitted = true
        changed()
        if (!wasPermitted) emit('accountsChanged', exposedAccounts())
        return permissions()
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        if (permitted) {
          permitted = false
          changed()
          emit('accountsChanged', [])
        }
        return null
      case 'wallet_switchEthereumChain': {
        const id = parseChainId((args[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!chains.has(id)) throw providerErrors.unrecognizedChain(numberToHex(id))
        setChain(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = parseAddChain(args[0])
        if (!chains.has(chain.id)) {
          chains.set(chain.id, chain)
          addedChains.push(chain)
        }
        // As MetaMask does: adding a chain also offers (here: performs) the switch to it.
        setChain(chain.id)
        changed()
        return null
      }
      case 'wallet_watchAsset': {
        const asset = (Array.isArray(params) ? params[0] : params) as {
          type?: unknown
          options?: { address?: unknown }
        }
        if (
          asset?.type !== 'ERC20' ||
          typeof asset.options?.address !== 'string' ||
          !isAddress(asset.options.address)
        ) {
          throw providerErrors.invalidParams(
            'wallet_watchAsset expects { type: "ERC20", options: { address, symbol, decimals } }',
          )
        }
        return true
      }
      case 'personal_sign': {
        const [message, address] = args
        const account = requireAccount(address)
        if (typeof message !== 'string') throw providerErrors.invalidParams('personal_sign expects a message')
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = args
        const account = requireAccount(address)
        const data = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
        if (typeof data !== 'object' || data === null)
          throw providerErrors.invalidParams('expected typed data')
        const { types, domain, primaryType, message } = data as Record<string, unknown>
        const { EIP712Domain: _domainType, ...messageTypes } = (types ?? {}) as Record<string, unknown>
        return account.signTypedData({ domain, types: messageTypes, primaryType, message } as Parameters<
          LocalAccount['signTypedData']
        >[0])
      }
      case 'eth_sendTransaction': {
        const request = (args[0] ?? {}) as Record<string, unknown>
        const account = requireAccount(request.from ?? selected().address)
        const client = clientFor(chainId)
        return client.sendTransaction({
          ...toTransactionRequest(request),
          account,
          chain: client.chain,
        } as never)
      }
      default:
        if (signingMethods.has(method)) throw providerErrors.unsupportedMethod(method)
        if (forwardedPrefixes.some((prefix) => method.startsWith(prefix))) {
          return clientFor(chainId).request({ method, params } as never)
        }
        throw providerErrors.unsupportedMethod(method)
    }
  }

  const middleware = options.middleware ?? []
  // async: a layer that throws synchronously still yields a rejected promise, as EIP-1193 wants.
  const run = async (request: DemoRequest, index: number): Promise<unknown> => {
    const layer = middleware[index]
    if (!layer) return handle(request)
    return layer(request, () => run(request, index + 1))
  }

  const provider: DemoProvider = {
    isSignetDemoWallet: true,
    request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        return Promise.reject(providerErrors.invalidParams('expected { method, params }'))
      }
      return run({ method: args.method, params: args.params }, 0)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    off(event, listener) {
      return provider.removeListener(event, listener)
    },
    getState: () => snapshot,
    subscribe(listener) {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    selectAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= localAccounts.length) {
        throw new RangeError(`no demo account ${index}`)
      }
      if (index === selectedIndex) return
      selectedIndex = index
      changed()
      if (permitted) emit('accountsChanged', exposedAccounts())
    },
    switchChainInWallet(id) {
      if (!chains.has(id)) throw new RangeError(`the wallet does not know chain ${id}`)
      setChain(id)
    },
    revokeSite() {
      if (!permitted) return
      permitted = false
      changed()
      emit('accountsChanged', [])
    },
    emit,
  }
  return provider
}

function walletClientFor(chain: DemoChain) {
  const viemChain: Chain = defineChain({
    id: chain.id,
    name: chain.name ?? `Chain ${chain.id}`,
    nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: chain.rpcUrls.filter((url) => /^https?:/i.test(url)) } },
  })
  const transports = chain.rpcUrls.map((url) => (/^wss?:/i.test(url) ? webSocket(url) : http(url)))
  return createWalletClient({ chain: viemChain, transport: fallback(transports) })
}

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) {
    throw providerErrors.invalidParams(`expected a hex chain id, got ${JSON.stringify(value)}`)
  }
  const id = Number(BigInt(value))
  if (!Number.isSafeInteger(id) || id <= 0)
    throw providerErrors.invalidParams(`chain id must be positive, got ${value}`)
  return id
}

function parseAddChain(value: unknown): DemoChain {
  if (typeof value !== 'object' || value === null)
    throw providerErrors.invalidParams('wallet_addEthereumChain expects a chain')
  const raw = value as Record<string, unknown>
  const id = parseChainId(raw.chainId)
  const rpcUrls = Array.isArray(raw.rpcUrls)
    ? raw.rpcUrls.filter((url): url is string => typeof url === 'string' && url !== '')
    : []
  if (rpcUrls.length === 0) throw providerErrors.invalidParams('wallet_addEthereumChain needs rpcUrls')
  const chain: DemoChain = { id, rpcUrls }
  if (typeof raw.chainName === 'string') chain.name = raw.chainName
  const currency = raw.nativeCurrency as DemoChain['nativeCurrency']
  if (currency && typeof currency.symbol === 'string') chain.nativeCurrency = currency
  const explorers = raw.blockExplorerUrls
  if (Array.isArray(explorers) && typeof explorers[0] === 'string') chain.blockExplorerUrl = explorers[0]
  return chain
}

/** JSON-RPC transaction fields (hex quantities) → viem's request (bigints and numbers). */
function toTransactionRequest(raw: Record<string, unknown>): TransactionRequest {
  const quantity = (name: string): bigint | undefined => {
    const value = raw[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string' || !isHex(value))
      throw providerErrors.invalidParams(`${name} must be a hex quantity`)
    return BigInt(value)
  }
  const request: Record<string, unknown> = {}
  if (raw.to !== undefined && raw.to !== null) {
    if (typeof raw.to !== 'string' || !isAddress(raw.to, { strict: false }))
      throw providerErrors.invalidParams('to must be an address')
    request.to = getAddress(raw.to)
  }
  const data = raw.data ?? raw.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !isHex(data)) throw providerErrors.invalidParams('data must be hex')
    request.data = data
  }
  for (const name of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = quantity(name)
    if (value !== undefined) request[name] = value
  }
  const nonce = quantity('nonce')
  if (nonce !== undefined) request.nonce = Number(nonce)
  // The site's transaction type and access list (EIP-2930, EIP-1559) are honoured, not re-inferred.
  if (raw.type !== undefined && raw.type !== null) {
    const type =
      typeof raw.type === 'string' ? transactionType[raw.type as keyof typeof transactionType] : undefined
    if (type !== 'legacy' && type !== 'eip2930' && type !== 'eip1559')
      throw providerErrors.invalidParams(`transaction type ${JSON.stringify(raw.type)} is not supported`)
    request.type = type
  }
  if (raw.accessList !== undefined && raw.accessList !== null) {
    if (!Array.isArray(raw.accessList)) throw providerErrors.invalidParams('accessList must be a list')
    request.accessList = raw.accessList
  }
  return request as TransactionRequest
}

function readPersisted(storage: DemoStorage | undefined, key: string): Persisted | undefined {
  const text = storage?.getItem(key)
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Partial<Persisted>
    if (
      typeof value.permitted !== 'boolean' ||
      typeof value.selectedIndex !== 'number' ||
      typeof value.chainId !== 'number'
    ) {
      return undefined
    }
    return {
      permitted: value.permitted,
      selectedIndex: value.selectedIndex,
      chainId: value.chainId,
      addedChains: Array.isArray(value.addedChains) ? value.addedChains : [],
    }
  } catch {
    return undefined
  }
}
