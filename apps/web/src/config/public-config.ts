/**
 * The run-time configuration the server hands to the browser (see docs/CONTRACTS.md). One build
 * serves any configuration: chains, wallets, theme and mode all come from here.
 */

export type SignetMode = 'production' | 'demo' | 'dev'
export type AccentPreset = 'blue' | 'green' | 'orange' | 'pink' | 'purple' | 'red'
export type RadiusPreset = 'none' | 'small' | 'medium' | 'large'
export type ThemeMode = 'system' | 'light' | 'dark'

export type PublicChain = {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrl?: string
  testnet?: boolean
}

export type DemoAccount = { address: string; privateKey: string }
export type DemoSafe = {
  address: string
  chainId: number
  owners: string[]
  threshold: number
  version: string
}
export type WalletGroupConfig = { groupName: string; wallets: string[] }

/** RainbowKit's download links (it picks the one for the visitor's browser, platform or phone). */
export const downloadUrlKeys = [
  'android',
  'ios',
  'mobile',
  'qrCode',
  'chrome',
  'edge',
  'firefox',
  'opera',
  'safari',
  'browserExtension',
  'desktop',
  'windows',
  'macos',
  'linux',
] as const
export const instructionPlatforms = ['extension', 'desktop', 'qrCode'] as const
export const instructionStepNames = ['install', 'create', 'refresh', 'scan', 'connect'] as const
export type DownloadUrlKey = (typeof downloadUrlKeys)[number]
export type InstructionPlatform = (typeof instructionPlatforms)[number]
export type WalletInstructions = {
  learnMoreUrl: string
  steps: { step: (typeof instructionStepNames)[number]; title: string; description: string }[]
}
export type WalletConnection =
  | { kind: 'injected'; rdns?: string; flag?: string }
  | { kind: 'walletConnect'; mobileLink?: string; desktopLink?: string }
/** An operator-defined wallet (`SIGNET_WALLETS`), turned into a RainbowKit wallet by wallet/custom-wallet.ts. */
export type WalletDescriptor = {
  id: string
  name: string
  iconUrl: string
  iconAccent?: string
  iconBackground: string
  installed?: boolean
  downloadUrls?: Partial<Record<DownloadUrlKey, string>>
  instructions?: Partial<Record<InstructionPlatform, WalletInstructions>>
  connect: WalletConnection
}

export type PublicConfig = {
  appName: string
  mode: SignetMode
  chains: PublicChain[]
  walletConnectProjectId?: string
  gatewayUrl: string
  safeHosts: string[]
  demoAccounts?: DemoAccount[]
  demoSafes?: DemoSafe[]
  walletGroups: WalletGroupConfig[]
  /** The operator's own wallets, which `walletGroups` name by id; absent when there are none. */
  wallets?: WalletDescriptor[]
  theme: { accent: AccentPreset; radius: RadiusPreset; mode: ThemeMode }
  /** The WalletConnect relay (`ws(s)://`) for the WalletConnect wallets; absent: WalletConnect's own. */
  walletConnectRelayUrl?: string
}

export const accentPresets: readonly AccentPreset[] = ['blue', 'green', 'orange', 'pink', 'purple', 'red']
export const radiusPresets: readonly RadiusPreset[] = ['none', 'small', 'medium', 'large']
export const themeModes: readonly ThemeMode[] = ['system', 'light', 'dark']
const modes: readonly SignetMode[] = ['production', 'demo', 'dev']

/** The config is missing or malformed. `field` names the bad part, e.g. `chains[1].id`. */
export class PublicConfigError extends Error {
  override name = 'PublicConfigError'
  readonly code = 'invalid_public_config'
  readonly field: string
  constructor(field: string, problem: string) {
    super(`Invalid Signet configuration: ${field} ${problem}`)
    this.field = field
  }
}

/** The element the server injects into index.html. */
export const publicConfigElementId = 'signet-config'

/**
 * Reads the configuration the server injected into the page as
 * `<script id="signet-config" type="application/json">`.
 *
 * @example const config = readPublicConfig()
 * @throws PublicConfigError when the script is missing or its content is invalid.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const element = doc.getElementById(publicConfigElementId)
  if (!element?.textContent) throw new PublicConfigError('#signet-config', 'is missing from the page')
  let json: unknown
  try {
    json = JSON.parse(element.textContent)
  } catch {
    throw new PublicConfigError('#signet-config', 'is not valid JSON')
  }
  return parsePublicConfig(json)
}

/**
 * The injected config when present; otherwise (under `vite dev`, which serves index.html without
 * it) the same JSON from the API.
 */
export async function loadPublicConfig(
  doc: Document = document,
  fetchFn: typeof fetch = fetch,
): Promise<PublicConfig> {
  if (doc.getElementById(publicConfigElementId)) return readPublicConfig(doc)
  const response = await fetchFn('/api/config', { headers: { accept: 'application/json' } })
  if (!response.ok) throw new PublicConfigError('/api/config', `answered HTTP ${response.status}`)
  return parsePublicConfig(await response.json())
}

/** Validates untrusted JSON into a {@link PublicConfig}; the error names the first bad field. */
export function parsePublicConfig(json: unknown): PublicConfig {
  const root = record(json, 'config')
  const config: PublicConfig = {
    appName: text(root.appName, 'appName'),
    mode: choice(root.mode, 'mode', modes),
    chains: list(root.chains, 'chains', parseChain),
    gatewayUrl: text(root.gatewayUrl, 'gatewayUrl'),
    safeHosts: list(root.safeHosts, 'safeHosts', text),
    walletGroups: list(root.walletGroups, 'walletGroups', parseWalletGroup),
    theme: parseTheme(root.theme),
  }
  if (config.chains.length === 0) throw new PublicConfigError('chains', 'must name at least one chain')
  const ids = new Set<number>()
  for (const [index, chain] of config.chains.entries()) {
    if (ids.has(chain.id)) throw new PublicConfigError(`chains[${index}].id`, `repeats chain id ${chain.id}`)
    ids.add(chain.id)
  }
  if (root.walletConnectProjectId !== undefined) {
    config.walletConnectProjectId = text(root.walletConnectProjectId, 'walletConnectProjectId')
  }
  if (root.walletConnectRelayUrl !== undefined) {
    config.walletConnectRelayUrl = url(root.walletConnectRelayUrl, 'walletConnectRelayUrl', ['ws:', 'wss:'])
  }
  if (root.demoAccounts !== undefined) {
    config.demoAccounts = list(root.demoAccounts, 'demoAccounts', parseDemoAccount)
  }
  if (root.demoSafes !== undefined) config.demoSafes = list(root.demoSafes, 'demoSafes', parseDemoSafe)
  if (root.wallets !== undefined) {
    config.wallets = list(root.wallets, 'wallets', parseWallet)
    const ids = new Set<string>()
    for (const [index, wallet] of config.wallets.entries()) {
      if (ids.has(wallet.id))
        throw new PublicConfigError(`wallets[${index}].id`, `repeats wallet id "${wallet.id}"`)
      ids.add(wallet.id)
    }
  }
  return config
}

function parseChain(value: unknown, field: string): PublicChain {
  const raw = record(value, field)
  const id = integer(raw.id, `${field}.id`)
  if (id <= 0) throw new PublicConfigError(`${field}.id`, `must be a positive integer, got ${id}`)
  const currency = record(raw.nativeCurrency, `${field}.nativeCurrency`)
  const chain: PublicChain = {
    id,
    name: text(raw.name, `${field}.name`),
    nativeCurrency: {
      name: text(currency.name, `${field}.nativeCurrency.name`),
      symbol: text(currency.symbol, `${field}.nativeCurrency.symbol`),
      decimals: integer(currency.decimals, `${field}.nativeCurrency.decimals`),
    },
    rpcUrls: list(raw.rpcUrls, `${field}.rpcUrls`, rpcUrl),
  }
  if (chain.rpcUrls.length === 0)
    throw new PublicConfigError(`${field}.rpcUrls`, 'must hold at least one URL')
  if (raw.blockExplorerUrl !== undefined)
    chain.blockExplorerUrl = httpUrl(raw.blockExplorerUrl, `${field}.blockExplorerUrl`)
  if (raw.testnet !== undefined) chain.testnet = boolean(raw.testnet, `${field}.testnet`)
  return chain
}

function parseWalletGroup(value: unknown, field: string): WalletGroupConfig {
  const raw = record(value, field)
  const group = {
    groupName: text(raw.groupName, `${field}.groupName`),
    wallets: list(raw.wallets, `${field}.wallets`, text),
  }
  if (group.wallets.length === 0)
    throw new PublicConfigError(`${field}.wallets`, 'must name at least one wallet')
  return group
}

// The same rules as the server's (apps/server/src/config/wallet-descriptors.ts), which explains them.
const walletIdPattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const colourNumber = '-?(?:\\d+\\.?\\d*|\\.\\d+)(?:%|deg)?'
const colourPattern = new RegExp(
  `^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|transparent|(?:rgba?|hsla?)\\(\\s*${colourNumber}(?:(?:\\s*[,/]\\s*|\\s+)${colourNumber}){2,3}\\s*\\))$`,
  'i',
)

function parseWallet(value: unknown, field: string): WalletDescriptor {
  const raw = record(value, field)
  const wallet: WalletDescriptor = {
    id: matching(raw.id, `${field}.id`, walletIdPattern, 'a lowercase slug'),
    name: text(raw.name, `${field}.name`),
    iconUrl: /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/.test(String(raw.iconUrl))
      ? (raw.iconUrl as string)
      : httpsUrl(raw.iconUrl, `${field}.iconUrl`),
    iconBackground: matching(raw.iconBackground, `${field}.iconBackground`, colourPattern, 'a CSS colour'),
    connect: parseConnection(raw.connect, `${field}.connect`),
  }
  if (raw.iconAccent !== undefined)
    wallet.iconAccent = matching(
      raw.iconAccent,
      `${field}.iconAccent`,
      /^#(?:[0-9a-f]{3}){1,2}$/i,
      'a hex colour',
    )
  if (raw.installed !== undefined) wallet.installed = boolean(raw.installed, `${field}.installed`)
  if (raw.downloadUrls !== undefined) {
    const urls = record(raw.downloadUrls, `${field}.downloadUrls`)
    wallet.downloadUrls = {}
    for (const key of downloadUrlKeys)
      if (urls[key] !== undefined)
        wallet.downloadUrls[key] = httpsUrl(urls[key], `${field}.downloadUrls.${key}`)
  }
  if (raw.instructions !== undefined) {
    const platforms = record(raw.instructions, `${field}.instructions`)
    wallet.instructions = {}
    for (const platform of instructionPlatforms) {
      const platformField = `${field}.instructions.${platform}`
      if (platforms[platform] === undefined) continue
      if (platform === 'qrCode' && wallet.connect.kind !== 'walletConnect')
        throw new PublicConfigError(platformField, 'is only for a WalletConnect wallet')
      const instructions = record(platforms[platform], platformField)
      const steps = list(instructions.steps, `${platformField}.steps`, (step, stepField) => {
        const raw = record(step, stepField)
        return {
          step: choice(raw.step, `${stepField}.step`, instructionStepNames),
          title: text(raw.title, `${stepField}.title`),
          description: text(raw.description, `${stepField}.description`),
        }
      })
      if (steps.length === 0)
        throw new PublicConfigError(`${platformField}.steps`, 'must hold at least one step')
      wallet.instructions[platform] = {
        learnMoreUrl: httpsUrl(instructions.learnMoreUrl, `${platformField}.learnMoreUrl`),
        steps,
      }
    }
  }
  return wallet
}

function parseConnection(value: unknown, field: string): WalletConnection {
  const raw = record(value, field)
  const kind = choice(raw.kind, `${field}.kind`, ['injected', 'walletConnect'] as const)
  if (kind === 'walletConnect') {
    const connection: WalletConnection = { kind }
    // Deep-link prefixes: an app's own scheme (or https on phones), never script, local content or http.
    for (const key of ['mobileLink', 'desktopLink'] as const) {
      if (raw[key] !== undefined)
        connection[key] = matching(
          raw[key],
          `${field}.${key}`,
          key === 'mobileLink'
            ? /^(?!(?:javascript|data|vbscript|file|blob|about|http):)[a-z][a-z0-9+.-]*:\S*$/i
            : /^(?!(?:javascript|data|vbscript|file|blob|about|https?):)[a-z][a-z0-9+.-]*:\S*$/i,
          'a link prefix such as "acme://wc?uri="',
        )
    }
    return connection
  }
  const connection: WalletConnection = { kind }
  if (raw.rdns !== undefined)
    connection.rdns = matching(
      raw.rdns,
      `${field}.rdns`,
      /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/,
      'a reverse domain name',
    )
  if (raw.flag !== undefined)
    connection.flag = matching(
      raw.flag,
      `${field}.flag`,
      /^is[A-Z][A-Za-z0-9]*$/,
      'a provider flag such as "isAcmeWallet"',
    )
  if (!connection.rdns && !connection.flag) throw new PublicConfigError(field, 'must name an rdns or a flag')
  return connection
}

function parseTheme(value: unknown): PublicConfig['theme'] {
  const raw = record(value, 'theme')
  return {
    accent: choice(raw.accent, 'theme.accent', accentPresets),
    radius: choice(raw.radius, 'theme.radius', radiusPresets),
    mode: choice(raw.mode, 'theme.mode', themeModes),
  }
}

function parseDemoAccount(value: unknown, field: string): DemoAccount {
  const raw = record(value, field)
  return {
    address: hex(raw.address, `${field}.address`, 40),
    privateKey: hex(raw.privateKey, `${field}.privateKey`, 64),
  }
}

function parseDemoSafe(value: unknown, field: string): DemoSafe {
  const raw = record(value, field)
  return {
    address: hex(raw.address, `${field}.address`, 40),
    chainId: integer(raw.chainId, `${field}.chainId`),
    owners: list(raw.owners, `${field}.owners`, (owner, ownerField) => hex(owner, ownerField, 40)),
    threshold: integer(raw.threshold, `${field}.threshold`),
    version: text(raw.version, `${field}.version`),
  }
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PublicConfigError(field, `must be an object, got ${describe(value)}`)
  }
  return value as Record<string, unknown>
}

function list<T>(value: unknown, field: string, item: (value: unknown, field: string) => T): T[] {
  if (!Array.isArray(value)) throw new PublicConfigError(field, `must be an array, got ${describe(value)}`)
  return value.map((entry, index) => item(entry, `${field}[${index}]`))
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new PublicConfigError(field, `must be a non-empty string, got ${describe(value)}`)
  }
  return value
}

function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new PublicConfigError(field, `must be an integer, got ${describe(value)}`)
  }
  return value
}

function boolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean')
    throw new PublicConfigError(field, `must be true or false, got ${describe(value)}`)
  return value
}

function choice<T extends string>(value: unknown, field: string, choices: readonly T[]): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new PublicConfigError(field, `must be one of ${choices.join(', ')}, got ${describe(value)}`)
  }
  return value as T
}

function hex(value: unknown, field: string, digits: number): string {
  const raw = text(value, field)
  if (!new RegExp(`^0x[0-9a-fA-F]{${digits}}$`).test(raw)) {
    throw new PublicConfigError(field, `must be 0x followed by ${digits} hex digits, got ${describe(value)}`)
  }
  return raw
}

function matching(value: unknown, field: string, pattern: RegExp, what: string): string {
  const raw = text(value, field)
  if (!pattern.test(raw)) throw new PublicConfigError(field, `must be ${what}, got ${describe(value)}`)
  return raw
}

function httpsUrl(value: unknown, field: string): string {
  return url(value, field, ['https:'])
}

function rpcUrl(value: unknown, field: string): string {
  return url(value, field, ['http:', 'https:', 'ws:', 'wss:'])
}

function httpUrl(value: unknown, field: string): string {
  return url(value, field, ['http:', 'https:'])
}

function url(value: unknown, field: string, protocols: string[]): string {
  const raw = text(value, field)
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new PublicConfigError(field, `must be a URL, got ${describe(value)}`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new PublicConfigError(field, `must use ${protocols.join(' or ')}, got ${describe(value)}`)
  }
  return raw
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  const json = JSON.stringify(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}
