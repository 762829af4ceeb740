import * as z from 'zod/mini'
import { supportedLocales } from './locales.ts'
import { distinctBy, expected, parseWithSchema } from './schema-error.ts'
import { text, walletDescriptorsSchema } from './wallet-descriptor.ts'

/**
 * The run-time configuration the server hands to the browser, injected into `index.html` as
 * `<script id="signet-config" type="application/json">` and served at `GET /api/config`. One build
 * of the app serves any configuration: chains, wallets, theme and mode all come from here. The
 * server builds it from its own settings (apps/server/src/config/public-config.ts); the browser
 * validates it with {@link parsePublicConfig} before using any of it.
 */

export const signetModes = ['production', 'demo', 'dev'] as const
export const accentPresets = ['blue', 'green', 'orange', 'pink', 'purple', 'red'] as const
export const radiusPresets = ['none', 'small', 'medium', 'large'] as const
export const themeModes = ['system', 'light', 'dark'] as const

/** The element of index.html that carries the config. */
export const publicConfigElementId = 'signet-config'

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, expected(`one of ${values.join(', ')}`))
}

const integer = z.int(expected('an integer'))

function url(protocols: readonly string[]) {
  return text(2000).check(
    z.refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol)
        } catch {
          return false
        }
      },
      expected(`a URL with ${protocols.join(' or ')}`),
    ),
  )
}

function hex(digits: number) {
  const pattern = new RegExp(`^0x[0-9a-fA-F]{${digits}}$`)
  return text(2 + digits).check(
    z.refine((value) => pattern.test(value), expected(`0x and ${digits} hex digits`)),
  )
}

function nonEmptyList<T extends z.ZodMiniType>(item: T, what: string) {
  return z
    .array(item, expected('an array'))
    .check(z.minLength(1, { error: `must hold at least one ${what}` }))
}

const object = <Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.object(shape, expected('an object'))

export const publicChainSchema = object({
  id: integer.check(z.refine((id) => id > 0, expected('a positive integer'))),
  name: text(1000),
  nativeCurrency: object({ name: text(1000), symbol: text(100), decimals: integer }),
  rpcUrls: nonEmptyList(url(['http:', 'https:', 'ws:', 'wss:']), 'URL'),
  blockExplorerUrl: z.optional(url(['http:', 'https:'])),
  testnet: z.optional(z.boolean(expected('true or false'))),
})

export const demoAccountSchema = object({ address: hex(40), privateKey: hex(64) })
export const demoSafeSchema = object({
  address: hex(40),
  chainId: integer,
  owners: z.array(hex(40), expected('an array')),
  threshold: integer,
  version: text(100),
})
export const walletGroupSchema = object({ groupName: text(1000), wallets: nonEmptyList(text(200), 'wallet') })

/**
 * The whole run-time config. Unknown top-level fields are dropped, not refused, so that a page
 * cached from an older server still starts.
 */
export const publicConfigSchema = object({
  appName: text(1000),
  mode: oneOf(signetModes),
  chains: nonEmptyList(publicChainSchema, 'chain').check(distinctBy('id', 'chain id')),
  walletConnectProjectId: z.optional(text(200)),
  /** The relay the app's WalletConnect wallets use (`SIGNET_WALLETCONNECT_RELAY_URL`, or the demo's own). */
  walletConnectRelayUrl: url(['ws:', 'wss:']),
  gatewayUrl: url(['http:', 'https:']),
  safeHosts: z.array(text(2000), expected('an array')),
  /** Demo and dev mode only: anvil's public test keys, for the demo wallet. */
  demoAccounts: z.optional(z.array(demoAccountSchema, expected('an array'))),
  demoSafes: z.optional(z.array(demoSafeSchema, expected('an array'))),
  /** RainbowKit's wallet groups: ids of the built-in catalog or of `wallets`. */
  walletGroups: z.array(walletGroupSchema, expected('an array')),
  /** The operator's own wallets (`SIGNET_WALLETS`); absent when there are none. */
  wallets: z.optional(walletDescriptorsSchema),
  theme: object({ accent: oneOf(accentPresets), radius: oneOf(radiusPresets), mode: oneOf(themeModes) }),
  /** `SIGNET_LOCALE`: one language for every visitor; absent means each browser's languages choose. */
  locale: z.optional(oneOf(supportedLocales)),
})

export type PublicConfig = z.output<typeof publicConfigSchema>
export type PublicChain = z.output<typeof publicChainSchema>
export type DemoAccount = z.output<typeof demoAccountSchema>
export type DemoSafe = z.output<typeof demoSafeSchema>
export type WalletGroupConfig = z.output<typeof walletGroupSchema>
export type SignetMode = (typeof signetModes)[number]
export type AccentPreset = (typeof accentPresets)[number]
export type RadiusPreset = (typeof radiusPresets)[number]
export type ThemeMode = (typeof themeModes)[number]

/**
 * Validates untrusted JSON into a {@link PublicConfig}; throws a `SchemaError` whose `field` names
 * the first bad part (`chains[1].id`, `wallets[0].iconUrl`).
 *
 * @example const config = parsePublicConfig(await (await fetch('/api/config')).json())
 */
export function parsePublicConfig(json: unknown): PublicConfig {
  return parseWithSchema(publicConfigSchema, json, '')
}
