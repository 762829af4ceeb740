import * as z from 'zod/mini'
import { describeValue, distinctBy, expected } from './schema-error.ts'

/**
 * Operator-defined wallets (`SIGNET_WALLETS`): JSON descriptors mirroring RainbowKit 2's `Wallet`
 * type. The server validates them at start with {@link walletDescriptorsSchema} and hands them to the
 * browser in the run-time config, which validates them again with the same schema and turns them into
 * RainbowKit wallets (apps/web/src/wallet/custom-wallet.ts).
 */

/**
 * The ids of the browser's built-in wallets (apps/web/src/wallet/wallet-catalog.ts, whose test keeps
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

export const walletIdPattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const rdnsPattern = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/
const flagPattern = /^is[A-Z][A-Za-z0-9]*$/
const accentPattern = /^#(?:[0-9a-f]{3}){1,2}$/i
const iconDataPattern = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)(?:;[^,]*)?,/
const colourNumber = '-?(?:\\d+\\.?\\d*|\\.\\d+)(?:%|deg)?'
/** The CSS colours RainbowKit can paint an icon's background with; nothing that could load or inject. */
const colourPattern = new RegExp(
  `^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|transparent|(?:rgba?|hsla?)\\(\\s*${colourNumber}(?:(?:\\s*[,/]\\s*|\\s+)${colourNumber}){2,3}\\s*\\))$`,
  'i',
)
// Schemes a deep link may not open: script, local content, or plain-text HTTP.
const unsafeLinkSchemes = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'http:']
const maxIconUrlLength = 100_000

/** A non-empty string of at most `maxLength` characters. */
export function text(maxLength: number) {
  return z.string(expected('a non-empty string')).check(
    z.refine((value) => value.trim() !== '', expected('a non-empty string')),
    z.refine((value) => value.length <= maxLength, {
      error: (issue) => `expected at most ${maxLength} characters, got ${(issue.input as string).length}`,
    }),
  )
}

/** A string that `test` accepts; otherwise `expected <what>, got …`. */
function matching(maxLength: number, test: (value: string) => boolean, what: string) {
  return text(maxLength).check(z.refine(test, expected(what)))
}

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

export const httpsUrl = matching(2000, (value) => isUrlWithProtocol(value, ['https:']), 'an https: URL')

/** A deep-link prefix: an app's scheme (`acme://wc?uri=`) or, where allowed, a universal link (`https://…`). */
function linkPrefix(universal: boolean) {
  return matching(
    2000,
    (value) => {
      const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0].toLowerCase()
      return (
        !!scheme &&
        !unsafeLinkSchemes.includes(scheme) &&
        (universal || scheme !== 'https:') &&
        !/\s/.test(value)
      )
    },
    `a link prefix such as "acme://wc?uri="${universal ? ' or "https://…"' : ' (an app scheme)'}`,
  )
}

/** An object with only these fields: a misspelt one is a mistake worth stopping for. */
function strictRecord<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape).join(', ')
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field; expected one of ${known}`
        : `expected an object, got ${describeValue(issue.input)}`,
  })
}

const injectedConnection = strictRecord({
  kind: z.literal('injected'),
  rdns: z.optional(
    matching(200, (value) => rdnsPattern.test(value), 'a reverse domain name such as "com.example.wallet"'),
  ),
  flag: z.optional(
    matching(64, (value) => flagPattern.test(value), 'a provider flag such as "isAcmeWallet"'),
  ),
}).check(
  z.refine((connection) => !!(connection.rdns || connection.flag), {
    error: 'an injected wallet needs "rdns" (EIP-6963) or "flag" (window.ethereum) to be found',
  }),
)

const walletConnectConnection = strictRecord({
  kind: z.literal('walletConnect'),
  mobileLink: z.optional(linkPrefix(true)),
  // RainbowKit opens the desktop link in the page's own tab: only an app's scheme leaves it in place.
  desktopLink: z.optional(linkPrefix(false)),
})

/** How the wallet is reached: a browser extension, or a wallet over WalletConnect v2. */
export const walletConnectionSchema = z.discriminatedUnion(
  'kind',
  [injectedConnection, walletConnectConnection],
  {
    error: (issue) => {
      const input = issue.input as Record<string, unknown> | undefined
      return typeof input === 'object' && input !== null && !Array.isArray(input)
        ? `expected "injected" or "walletConnect", got ${describeValue(input.kind)}`
        : `expected an object, got ${describeValue(input)}`
    },
  },
)

const instructionsSchema = strictRecord({
  learnMoreUrl: httpsUrl,
  steps: z
    .array(
      strictRecord({
        step: z.enum(instructionStepNames, expected(`one of ${instructionStepNames.join(', ')}`)),
        title: text(200),
        description: text(1000),
      }),
      expected('a non-empty array of steps'),
    )
    .check(z.minLength(1, expected('a non-empty array of steps'))),
})

const iconUrl = text(maxIconUrlLength).check(
  z.refine(
    (value) => iconDataPattern.test(value) || isUrlWithProtocol(value, ['https:']),
    expected('an https: URL or a data:image/… URL (png, jpeg, gif, webp, svg+xml)'),
  ),
)

/** One operator-defined wallet, as in `SIGNET_WALLETS` and the run-time config's `wallets`. */
export const walletDescriptorSchema = strictRecord({
  id: text(40).check(
    z.refine((id) => walletIdPattern.test(id), expected('a lowercase slug such as "acme-wallet"')),
    z.refine((id) => !catalogWalletIds.includes(id), {
      error: (issue) => `"${issue.input}" is a built-in wallet's id; give your wallet an id of its own`,
    }),
  ),
  name: text(64),
  iconUrl,
  // RainbowKit derives gradients from the accent and refuses anything but #rgb or #rrggbb.
  iconAccent: z.optional(matching(64, (value) => accentPattern.test(value), 'a hex colour such as #1f6feb')),
  iconBackground: matching(
    64,
    (value) => colourPattern.test(value),
    'a CSS colour (#hex, rgb(), rgba(), hsl(), hsla() or transparent)',
  ),
  installed: z.optional(z.boolean(expected('true or false'))),
  downloadUrls: z.optional(
    strictRecord(
      Object.fromEntries(downloadUrlKeys.map((key) => [key, z.optional(httpsUrl)])) as Record<
        (typeof downloadUrlKeys)[number],
        z.ZodMiniOptional<typeof httpsUrl>
      >,
    ),
  ),
  instructions: z.optional(
    strictRecord({
      extension: z.optional(instructionsSchema),
      desktop: z.optional(instructionsSchema),
      qrCode: z.optional(instructionsSchema),
    }),
  ),
  connect: walletConnectionSchema,
}).check(
  z.superRefine((wallet, context) => {
    if (wallet.instructions?.qrCode && wallet.connect.kind !== 'walletConnect')
      context.issues.push({
        code: 'custom',
        input: wallet.instructions.qrCode,
        path: ['instructions', 'qrCode'],
        message: 'only a wallet with connect.kind "walletConnect" has a QR code to scan',
      })
  }),
)

/** A list of wallets with distinct ids. */
export const walletDescriptorsSchema = z
  .array(walletDescriptorSchema, expected('a JSON array of wallets'))
  .check(distinctBy('id', 'wallet id'))

export type WalletDescriptor = z.output<typeof walletDescriptorSchema>
export type WalletConnection = WalletDescriptor['connect']
export type DownloadUrlKey = (typeof downloadUrlKeys)[number]
export type InstructionPlatform = (typeof instructionPlatforms)[number]
export type WalletInstructions = z.output<typeof instructionsSchema>
export type InstructionStep = WalletInstructions['steps'][number]
