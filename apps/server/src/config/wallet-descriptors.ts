import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * Operator-defined wallets (`SIGNET_WALLETS`): JSON descriptors mirroring RainbowKit 2's `Wallet`
 * type, validated here at start and again by the browser (apps/web/src/config/public-config.ts),
 * which turns them into RainbowKit wallets (apps/web/src/wallet/custom-wallet.ts).
 */

/**
 * The ids of apps/web/src/wallet/wallet-catalog.ts (the browser's test wallet-catalog.test.ts keeps
 * the two lists equal). `SIGNET_WALLET_GROUPS` may name these and the ids of `SIGNET_WALLETS`.
 */
export const catalogWalletIds: readonly string[] = [
  'metaMask',
  'rainbow',
  'coinbase',
  'walletConnect',
  'ledger',
  'safe',
  'trust',
  'injected',
  'zerion',
  'argent',
  'rabby',
  'brave',
  'okx',
  'phantom',
  'uniswap',
  'frame',
  'imToken',
]

/** RainbowKit's download links; it picks the one for the visitor's browser, platform or phone. */
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
/** Where RainbowKit shows install steps: after the extension or desktop download, or the phone's QR code. */
export const instructionPlatforms = ['extension', 'desktop', 'qrCode'] as const
export const instructionStepNames = ['install', 'create', 'refresh', 'scan', 'connect'] as const

export type DownloadUrlKey = (typeof downloadUrlKeys)[number]
export type InstructionPlatform = (typeof instructionPlatforms)[number]
export type InstructionStep = {
  step: (typeof instructionStepNames)[number]
  title: string
  description: string
}
export type WalletInstructions = { learnMoreUrl: string; steps: InstructionStep[] }
export type WalletConnection =
  /** A browser extension: its EIP-6963 `rdns` and/or its `window.ethereum[flag]` marker. */
  | { kind: 'injected'; rdns?: string; flag?: string }
  /** A wallet reached over WalletConnect v2; the links are prefixes the encoded `wc:` URI is appended to. */
  | { kind: 'walletConnect'; mobileLink?: string; desktopLink?: string }
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

/** What makes a bad descriptor field: the JSON path from the variable, and the problem. */
export class WalletDescriptorError extends Error {
  override name = 'WalletDescriptorError'
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`)
  }
}

const variable = 'SIGNET_WALLETS'
export const walletIdPattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const rdnsPattern = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/
const flagPattern = /^is[A-Z][A-Za-z0-9]*$/
const accentPattern = /^#(?:[0-9a-f]{3}){1,2}$/i
const iconDataPattern = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)(?:;[^,]*)?,/
const number = '-?(?:\\d+\\.?\\d*|\\.\\d+)(?:%|deg)?'
const colourPatterns = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  new RegExp(`^(?:rgba?|hsla?)\\(\\s*${number}(?:(?:\\s*[,/]\\s*|\\s+)${number}){2,3}\\s*\\)$`, 'i'),
  /^transparent$/i,
]
// Schemes a link may not open: script, local content, or plain-text HTTP.
const unsafeLinkSchemes = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'http:']
const maxIconUrlLength = 100_000
const maxIdLength = 40

/**
 * `SIGNET_WALLETS`: inline JSON (starting with `[`; `{` too, to say it must be a list) or the path
 * of a JSON file (relative to `cwd`).
 * Unset means no operator-defined wallets. Throws a {@link WalletDescriptorError} whose field
 * starts with `SIGNET_WALLETS`.
 *
 * @example readWalletDescriptors({ SIGNET_WALLETS: './wallets.json' }, '/srv/signet')
 */
export function readWalletDescriptors(
  env: Record<string, string | undefined>,
  cwd: string,
): WalletDescriptor[] {
  const text = env[variable]?.trim()
  if (!text) return []
  let source = 'inline JSON'
  let json = text
  if (!/^[[{]/.test(text)) {
    const path = resolve(cwd, text)
    source = JSON.stringify(path)
    try {
      json = readFileSync(path, 'utf8')
    } catch (error) {
      throw new WalletDescriptorError(variable, `cannot read ${source} (${(error as Error).message})`)
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (error) {
    throw new WalletDescriptorError(variable, `${source} is not valid JSON (${(error as Error).message})`)
  }
  return parseWalletDescriptors(parsed)
}

/** Validates a parsed `SIGNET_WALLETS` list; the error names the first bad field's JSON path. */
export function parseWalletDescriptors(json: unknown): WalletDescriptor[] {
  if (!Array.isArray(json))
    throw new WalletDescriptorError(variable, `expected a JSON array of wallets, got ${describe(json)}`)
  const seen = new Set<string>()
  return json.map((entry, index) => {
    const field = `${variable}[${index}]`
    const wallet = parseDescriptor(entry, field)
    if (seen.has(wallet.id))
      throw new WalletDescriptorError(`${field}.id`, `repeats wallet id "${wallet.id}"`)
    seen.add(wallet.id)
    return wallet
  })
}

function parseDescriptor(value: unknown, field: string): WalletDescriptor {
  const raw = fields(value, field, [
    'id',
    'name',
    'iconUrl',
    'iconAccent',
    'iconBackground',
    'installed',
    'downloadUrls',
    'instructions',
    'connect',
  ])
  const id = text(raw.id, `${field}.id`, maxIdLength)
  if (!walletIdPattern.test(id))
    fail(`${field}.id`, `expected a lowercase slug such as "acme-wallet", got ${describe(id)}`)
  if (catalogWalletIds.includes(id))
    fail(`${field}.id`, `"${id}" is a built-in wallet's id; give your wallet an id of its own`)
  const wallet: WalletDescriptor = {
    id,
    name: text(raw.name, `${field}.name`, 64),
    iconUrl: iconUrl(raw.iconUrl, `${field}.iconUrl`),
    iconBackground: colour(raw.iconBackground, `${field}.iconBackground`),
    connect: connection(raw.connect, `${field}.connect`),
  }
  if (raw.iconAccent !== undefined) {
    const accent = text(raw.iconAccent, `${field}.iconAccent`, 64)
    // RainbowKit derives gradients from it and refuses anything but #rgb or #rrggbb.
    if (!accentPattern.test(accent))
      fail(`${field}.iconAccent`, `expected a hex colour such as #1f6feb, got ${describe(accent)}`)
    wallet.iconAccent = accent
  }
  if (raw.installed !== undefined) {
    if (typeof raw.installed !== 'boolean')
      fail(`${field}.installed`, `expected true or false, got ${describe(raw.installed)}`)
    wallet.installed = raw.installed
  }
  if (raw.downloadUrls !== undefined) {
    const urls = fields(raw.downloadUrls, `${field}.downloadUrls`, downloadUrlKeys)
    const downloadUrls: WalletDescriptor['downloadUrls'] = {}
    for (const key of downloadUrlKeys) {
      if (urls[key] !== undefined) downloadUrls[key] = httpsUrl(urls[key], `${field}.downloadUrls.${key}`)
    }
    wallet.downloadUrls = downloadUrls
  }
  if (raw.instructions !== undefined) {
    const platforms = fields(raw.instructions, `${field}.instructions`, instructionPlatforms)
    const instructions: WalletDescriptor['instructions'] = {}
    for (const platform of instructionPlatforms) {
      if (platforms[platform] === undefined) continue
      if (platform === 'qrCode' && wallet.connect.kind !== 'walletConnect')
        fail(
          `${field}.instructions.qrCode`,
          'only a wallet with connect.kind "walletConnect" has a QR code to scan',
        )
      instructions[platform] = parseInstructions(platforms[platform], `${field}.instructions.${platform}`)
    }
    wallet.instructions = instructions
  }
  return wallet
}

function connection(value: unknown, field: string): WalletConnection {
  const kind = record(value, field).kind
  if (kind === 'injected') {
    const raw = fields(value, field, ['kind', 'rdns', 'flag'])
    const injected: WalletConnection = { kind }
    if (raw.rdns !== undefined) {
      const rdns = text(raw.rdns, `${field}.rdns`, 200)
      if (!rdnsPattern.test(rdns))
        fail(
          `${field}.rdns`,
          `expected a reverse domain name such as "com.example.wallet", got ${describe(rdns)}`,
        )
      injected.rdns = rdns
    }
    if (raw.flag !== undefined) {
      const flag = text(raw.flag, `${field}.flag`, 64)
      if (!flagPattern.test(flag))
        fail(`${field}.flag`, `expected a provider flag such as "isAcmeWallet", got ${describe(flag)}`)
      injected.flag = flag
    }
    if (!injected.rdns && !injected.flag)
      fail(field, 'an injected wallet needs "rdns" (EIP-6963) or "flag" (window.ethereum) to be found')
    return injected
  }
  if (kind === 'walletConnect') {
    const raw = fields(value, field, ['kind', 'mobileLink', 'desktopLink'])
    const walletConnect: WalletConnection = { kind }
    if (raw.mobileLink !== undefined)
      walletConnect.mobileLink = link(raw.mobileLink, `${field}.mobileLink`, true)
    // RainbowKit opens the desktop link in the page's own tab: only an app's scheme leaves it in place.
    if (raw.desktopLink !== undefined)
      walletConnect.desktopLink = link(raw.desktopLink, `${field}.desktopLink`, false)
    return walletConnect
  }
  return fail(`${field}.kind`, `expected "injected" or "walletConnect", got ${describe(kind)}`)
}

function parseInstructions(value: unknown, field: string): WalletInstructions {
  const raw = fields(value, field, ['learnMoreUrl', 'steps'])
  const learnMoreUrl = httpsUrl(raw.learnMoreUrl, `${field}.learnMoreUrl`)
  if (!Array.isArray(raw.steps) || raw.steps.length === 0)
    fail(`${field}.steps`, `expected a non-empty array of steps, got ${describe(raw.steps)}`)
  const steps = raw.steps.map((entry, index) => {
    const stepField = `${field}.steps[${index}]`
    const step = fields(entry, stepField, ['step', 'title', 'description'])
    if (!instructionStepNames.includes(step.step as InstructionStep['step']))
      fail(
        `${stepField}.step`,
        `expected one of ${instructionStepNames.join(', ')}, got ${describe(step.step)}`,
      )
    return {
      step: step.step as InstructionStep['step'],
      title: text(step.title, `${stepField}.title`, 200),
      description: text(step.description, `${stepField}.description`, 1000),
    }
  })
  return { learnMoreUrl, steps }
}

function iconUrl(value: unknown, field: string): string {
  const url = text(value, field, maxIconUrlLength)
  if (iconDataPattern.test(url)) return url
  if (!url.startsWith('https:'))
    fail(
      field,
      `expected an https: URL or a data:image/… URL (png, jpeg, gif, webp, svg+xml), got ${describe(url)}`,
    )
  return httpsUrl(url, field)
}

function colour(value: unknown, field: string): string {
  const css = text(value, field, 64)
  if (!colourPatterns.some((pattern) => pattern.test(css)))
    fail(
      field,
      `expected a CSS colour (#hex, rgb(), rgba(), hsl(), hsla() or transparent), got ${describe(css)}`,
    )
  return css
}

function httpsUrl(value: unknown, field: string): string {
  const raw = text(value, field, 2000)
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (url?.protocol !== 'https:') fail(field, `expected an https: URL, got ${describe(raw)}`)
  return raw
}

/** A deep-link prefix: an app's scheme (`acme://wc?uri=`) or, where allowed, a universal link (`https://…`). */
function link(value: unknown, field: string, universal: boolean): string {
  const raw = text(value, field, 2000)
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(raw)?.[0].toLowerCase()
  if (!scheme || unsafeLinkSchemes.includes(scheme) || (!universal && scheme === 'https:') || /\s/.test(raw))
    fail(
      field,
      `expected a link prefix such as "acme://wc?uri="${universal ? ' or "https://…"' : ' (an app scheme)'}, got ${describe(raw)}`,
    )
  return raw
}

function text(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string' || value.trim() === '')
    fail(field, `expected a non-empty string, got ${describe(value)}`)
  if (value.length > maxLength) fail(field, `expected at most ${maxLength} characters, got ${value.length}`)
  return value
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(field, `expected an object, got ${describe(value)}`)
  return value as Record<string, unknown>
}

/** An object with only these fields: a misspelt one is a mistake worth stopping for. */
function fields(value: unknown, field: string, known: readonly string[]): Record<string, unknown> {
  const raw = record(value, field)
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) fail(`${field}.${key}`, `unknown field; expected one of ${known.join(', ')}`)
  }
  return raw
}

function fail(field: string, problem: string): never {
  throw new WalletDescriptorError(field, problem)
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  const json = JSON.stringify(value)
  return json.length > 60 ? `${json.slice(0, 57)}...` : json
}
